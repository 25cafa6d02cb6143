using System.Text.Json.Nodes;
using Sorcha.Web.Forms;

namespace Sorcha.Web.Tests;

/// <summary>The pure parts: layout decisions, ids, and the text ↔ JSON conversions, without rendering.</summary>
public sealed class SchemaReaderTests
{
    [Fact]
    public void The_reader_decides_each_kind_from_the_schema()
    {
        var root = SchemaReader.Read(JsonNode.Parse("""
            { "type": "object", "required": ["a"], "properties": {
                "a": { "type": "string", "maxLength": 1000 }, "b": { "enum": [1, 2] }, "c": { "type": "boolean" },
                "d": { "type": ["integer", "null"], "minimum": 1 }, "e": { "type": "array", "items": { "type": "string" } },
                "f": { "type": "object", "properties": { "g": { "minLength": 1 } } }, "h": { "not": { "type": "string" } } },
              "then": { "properties": { "i": { "type": "number" } } } }
            """));

        Assert.Equal(FieldKind.Fieldset, root.Kind);
        var kinds = root.Properties.ToDictionary(p => p.Name, p => p.Field);
        Assert.True(kinds["a"] is { Kind: FieldKind.Text, Multiline: true });
        Assert.True(kinds["b"] is { Kind: FieldKind.Choice, Radios: true });
        Assert.Equal(FieldKind.Boolean, kinds["c"].Kind);
        Assert.True(kinds["d"] is { Kind: FieldKind.Number, WholeNumber: true, Min: "1", Step: "1" });
        Assert.True(kinds["e"] is { Kind: FieldKind.Array, Items.Kind: FieldKind.Text });
        Assert.Equal(FieldKind.Text, kinds["f"].Properties.Single().Field.Kind); // the type implied by minLength
        Assert.True(kinds["h"] is { Kind: FieldKind.Json, FallbackReason: not null });
        Assert.Equal(FieldKind.Number, kinds["i"].Kind); // declared only in a then: still laid out
    }

    [Fact]
    public void Ids_from_hostile_names_are_plain_and_distinct()
    {
        string[] pointers = ["", "/a", "/a/b", "/a~1b", "/a-b", "/a b", "/\"><script>", "/é"];
        var ids = pointers.Select(p => Pointers.ToId("sf", p)).ToList();

        Assert.Equal(ids.Count, ids.Distinct().Count());
        Assert.All(ids, id => Assert.Matches("^[A-Za-z0-9_-]+$", id));
    }

    [Theory]
    [InlineData("12", false, "12")]
    [InlineData("12.50", false, "12.50")]
    [InlineData("12", true, "12")]
    [InlineData("12.0", true, "12")]
    [InlineData("1.5", true, "1.5")]
    [InlineData("1e400", false, "\"1e400\"")]
    [InlineData("abc", false, "\"abc\"")]
    [InlineData(" ", false, null)]
    public void Number_text_becomes_a_JSON_number_an_integer_or_is_kept_for_the_engine_to_refuse(string text, bool whole, string? json)
    {
        Assert.Equal(json, ValueText.FromNumber(text, whole)?.ToJsonString());
    }

    [Fact]
    public void Date_times_go_to_UTC_with_a_Z()
    {
        Assert.Equal("\"2026-01-02T03:04:00Z\"", ValueText.FromText("2026-01-02T03:04", "datetime-local")!.ToJsonString());
        Assert.Equal("2026-01-02T02:04:05", ValueText.ForInput(JsonValue.Create("2026-01-02T03:04:05+01:00"), "datetime-local"));
        Assert.Null(ValueText.FromText("", "text"));
    }
}
