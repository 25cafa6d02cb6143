using System.Diagnostics;
using System.Text.Json.Nodes;
using Sorcha.Web.Forms;

namespace Sorcha.Web.Tests;

/// <summary>Blueprints come from untrusted authors: their strings render as text, and their schemas cannot make a render unbounded.</summary>
public sealed class HostileTests : FormHarness
{
    private const string Script = "<script>alert(1)</script>";
    private const string Image = "<img src=x onerror=alert(1)>";

    [Fact]
    public void Titles_descriptions_and_enum_values_render_as_text_never_as_markup()
    {
        var schema = new JsonObject
        {
            ["type"] = "object",
            ["properties"] = new JsonObject
            {
                ["a"] = new JsonObject { ["type"] = "string", ["title"] = Script, ["description"] = Image },
                ["b"] = new JsonObject { ["title"] = "Radios", ["enum"] = new JsonArray(Script + " r", Image + " r") },
                ["c"] = new JsonObject { ["title"] = "Select", ["enum"] = new JsonArray(Script + " s", Image + " s", "x", "y", "z") },
                ["d"] = new JsonObject { ["title"] = "Choice", ["oneOf"] = new JsonArray(new JsonObject { ["const"] = 1, ["title"] = Script + " c" }) },
                [Image] = new JsonObject
                {
                    ["type"] = "object", ["description"] = Script,
                    ["properties"] = new JsonObject { [Script] = new JsonObject { ["type"] = "boolean", ["title"] = Image + " b" } },
                },
            },
        };
        var cut = Render(schema, new JsonObject(), ps => ps.Add(p => p.ServerErrors, new Dictionary<string, string[]> { ["/zz"] = [Script + " e"] }));

        Assert.Empty(cut.FindAll("script"));
        Assert.Empty(cut.FindAll("img"));
        Assert.Empty(cut.FindAll("[onerror]"));
        Assert.Equal("text", ByLabel(cut, Script).GetAttribute("type"));
        Assert.Equal(Image, Described(cut, ByLabel(cut, Script)));
        Assert.Equal("radio", ByLabel(cut, Script + " r").GetAttribute("type"));
        Assert.Equal("radio", ByLabel(cut, Image + " r").GetAttribute("type"));
        Assert.Contains(ByLabel(cut, "Select").QuerySelectorAll("option"), o => o.TextContent == Image + " s");
        Assert.Equal("radio", ByLabel(cut, Script + " c").GetAttribute("type"));
        Assert.Equal("checkbox", ByLabel(cut, Image + " b").GetAttribute("type"));
        Assert.Contains(Script, ByLegend(cut, Words.FromName(Image)).TextContent, StringComparison.Ordinal);
        Assert.Contains(Script + " e", cut.Find(".sorcha-field-banner").TextContent, StringComparison.Ordinal);
        // Ids made from hostile property names are still plain.
        Assert.All(cut.FindAll("[id]"), e => Assert.Matches("^[A-Za-z0-9_-]+$", e.Id!));
    }

    [Fact]
    public void Ten_thousand_properties_stay_bounded()
    {
        var properties = new JsonObject();
        for (var i = 0; i < 10_000; i++)
        {
            properties["p" + i] = new JsonObject { ["type"] = "string" };
        }

        var clock = Stopwatch.StartNew();
        var cut = Render(new JsonObject { ["type"] = "object", ["properties"] = properties }, new JsonObject());
        Assert.True(clock.Elapsed < TimeSpan.FromSeconds(10), $"took {clock.Elapsed}");
        Assert.Single(cut.FindAll("textarea, input, select"));
        Assert.NotNull(ByLabel(cut, "Data (JSON)"));
    }

    [Fact]
    public void Many_properties_in_nested_objects_stop_at_the_control_cap()
    {
        var outer = new JsonObject();
        for (var i = 0; i < 20; i++)
        {
            var inner = new JsonObject();
            for (var j = 0; j < 100; j++)
            {
                inner["f" + j] = new JsonObject { ["type"] = "string" };
            }

            outer["group" + i] = new JsonObject { ["type"] = "object", ["properties"] = inner };
        }

        var cut = Render(new JsonObject { ["type"] = "object", ["properties"] = outer }, new JsonObject());
        Assert.InRange(cut.FindAll("textarea, input, select").Count, 20, SchemaReader.MaxControls);
        Assert.NotEmpty(cut.FindAll(".sorcha-field-json"));
    }

    [Fact]
    public void Deep_nesting_falls_back_to_a_JSON_editor_past_the_depth_cap()
    {
        JsonNode leaf = new JsonObject { ["type"] = "string" };
        for (var i = 0; i < 200; i++)
        {
            leaf = new JsonObject { ["type"] = "object", ["properties"] = new JsonObject { ["n"] = leaf } };
        }

        var cut = Render(leaf, new JsonObject());
        Assert.InRange(cut.FindAll("fieldset").Count, 1, SchemaReader.MaxDepth);
        Assert.Single(cut.FindAll(".sorcha-field-json"));
    }

    [Fact]
    public void A_recursive_ref_and_a_ref_cycle_are_bounded()
    {
        var cut = Render("""
            { "type": "object", "properties": { "tree": { "$ref": "#/$defs/node" }, "loop": { "$ref": "#/$defs/a" } },
              "$defs": { "node": { "type": "object", "properties": { "label": { "type": "string" }, "child": { "$ref": "#/$defs/node" } } },
                         "a": { "$ref": "#/$defs/b" }, "b": { "$ref": "#/$defs/a" } } }
            """);

        Assert.NotNull(ByLabel(cut, "Loop (JSON)"));
        Assert.InRange(cut.FindAll("fieldset").Count, 2, SchemaReader.MaxDepth + 1);
    }

    [Fact]
    public void A_huge_enum_is_a_JSON_editor_not_a_select_of_thousands()
    {
        var values = new JsonArray();
        for (var i = 0; i < 5_000; i++)
        {
            values.Add("v" + i);
        }

        var cut = Render(new JsonObject { ["type"] = "object", ["properties"] = new JsonObject { ["pick"] = new JsonObject { ["enum"] = values } } }, new JsonObject());
        Assert.NotNull(ByLabel(cut, "Pick (JSON)"));
        Assert.Empty(cut.FindAll("option"));
    }

    [Fact]
    public void Data_with_more_rows_than_the_form_lays_out_is_a_JSON_editor()
    {
        var rows = new JsonArray();
        for (var i = 0; i < 1_000; i++)
        {
            rows.Add("r" + i);
        }

        var cut = Render("""{ "type": "object", "properties": { "list": { "type": "array", "items": { "type": "string" } } } }""", new JsonObject { ["list"] = rows });
        Assert.NotNull(ByLabel(cut, "List (JSON)"));
        Assert.Single(cut.FindAll("textarea"));
    }
}
