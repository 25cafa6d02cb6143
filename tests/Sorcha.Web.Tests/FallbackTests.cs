using System.Text.Json.Nodes;

namespace Sorcha.Web.Tests;

/// <summary>A part the form cannot lay out is a labelled JSON editor, parsed and validated like any field: never a blank form.</summary>
public sealed class FallbackTests : FormHarness
{
    private const string Tagged = """
        { "type": "object", "properties": {
            "name": { "type": "string" },
            "tags": { "type": "object", "patternProperties": { "^x-": { "type": "string" } }, "additionalProperties": false } } }
        """;

    [Theory]
    [InlineData("""{ "type": "object", "patternProperties": { "^x-": { "type": "string" } } }""")]
    [InlineData("""{ "type": "array", "prefixItems": [{ "type": "string" }] }""")]
    [InlineData("""{ "type": ["string", "number"] }""")]
    [InlineData("""{ "$ref": "https://example.com/other.json" }""")]
    [InlineData("""{ "$ref": "#/$defs/missing" }""")]
    [InlineData("""{ "type": "object", "additionalProperties": { "type": "string" } }""")]
    [InlineData("""{ "type": "array" }""")]
    [InlineData("""{ "enum": [{ "a": 1 }, { "a": 2 }] }""")]
    [InlineData("""{ "oneOf": [{ "type": "string" }, { "type": "number" }] }""")]
    [InlineData("""{ }""")]
    [InlineData("""true""")]
    public void An_unsupported_part_is_a_labelled_JSON_editor(string part)
    {
        var cut = Render($$"""{ "type": "object", "properties": { "name": { "type": "string" }, "extra": {{part}} } }""");

        Assert.Equal("text", ByLabel(cut, "Name").GetAttribute("type"));
        var editor = ByLabel(cut, "Extra (JSON)");
        Assert.Equal("TEXTAREA", editor.TagName);
        Assert.Contains("Enter this as JSON", Described(cut, editor), StringComparison.Ordinal);
    }

    [Fact]
    public void Valid_JSON_in_the_editor_becomes_the_data_and_the_engine_validates_it()
    {
        var data = new JsonObject();
        var cut = Render(JsonNode.Parse(Tagged), data);

        ByLabel(cut, "Tags (JSON)").Change("""{ "x-team": "blue" }""");
        Assert.Equal("""{"tags":{"x-team":"blue"}}""", data.ToJsonString());
        Assert.Empty(cut.Instance.Errors);

        ByLabel(cut, "Tags (JSON)").Change("""{ "team": "blue" }""");
        Assert.Contains(cut.Instance.Errors, e => e.Pointer == "/tags/team");
        Assert.NotEqual("", Described(cut, ByLabel(cut, "Tags (JSON)"))); // the nested error lands on the editor

        ByLabel(cut, "Tags (JSON)").Change("");
        Assert.False(data.ContainsKey("tags"));
    }

    [Fact]
    public async Task Invalid_JSON_shows_its_parse_error_beside_the_editor_and_keeps_the_text()
    {
        var data = new JsonObject { ["tags"] = new JsonObject { ["x-a"] = "1" } };
        var cut = Render(JsonNode.Parse(Tagged), data);

        ByLabel(cut, "Tags (JSON)").Change("{ \"x-a\": ");
        var editor = ByLabel(cut, "Tags (JSON)");
        Assert.Contains("This is not valid JSON", Described(cut, editor), StringComparison.Ordinal);
        Assert.Equal("{ \"x-a\": ", editor.GetAttribute("value"));
        Assert.Equal("""{"x-a":"1"}""", data["tags"]!.ToJsonString()); // the last good value stays
        Assert.False(await ValidateAsync(cut));
        Assert.Contains(cut.Instance.Errors, e => e.Pointer == "/tags");

        ByLabel(cut, "Tags (JSON)").Change("""{ "x-b": "2" }""");
        Assert.True(await ValidateAsync(cut));
    }

    [Theory]
    [InlineData(null)]
    [InlineData("true")]
    [InlineData("{}")]
    public void A_schema_that_is_absent_or_true_is_one_JSON_editor_for_the_whole_data(string? schema)
    {
        var data = new JsonObject { ["a"] = 1 };
        var cut = Render(schema is null ? null : JsonNode.Parse(schema), data);

        var editor = ByLabel(cut, "Data (JSON)");
        Assert.Single(cut.FindAll("textarea, input, select"));
        Assert.Equal(1, JsonNode.Parse(editor.GetAttribute("value")!)!["a"]!.GetValue<int>());

        editor.Change("""{ "b": [1, 2] }""");
        Assert.Equal("""{"b":[1,2]}""", data.ToJsonString());

        ByLabel(cut, "Data (JSON)").Change("[1, 2]");
        Assert.Contains("must be a JSON object", Described(cut, ByLabel(cut, "Data (JSON)")), StringComparison.Ordinal);
        Assert.Equal("""{"b":[1,2]}""", data.ToJsonString());
    }

    [Fact]
    public void A_schema_the_engine_refuses_says_so_in_the_banner_and_never_validates()
    {
        var cut = Render("""{ "type": "object", "properties": { "code": { "type": "string", "pattern": "([" } } }""");

        Assert.Contains("The schema is invalid", cut.Find(".sorcha-field-banner").TextContent, StringComparison.Ordinal);
        Assert.NotNull(ByLabel(cut, "Code"));
        Assert.NotEmpty(cut.Instance.Errors);
    }
}
