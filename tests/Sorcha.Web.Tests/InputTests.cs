using System.Text.Json.Nodes;

namespace Sorcha.Web.Tests;

/// <summary>Formats → input types; number bounds → min/max/step; maxLength → textarea; empty inputs remove the key.</summary>
public sealed class InputTests : FormHarness
{
    [Theory]
    [InlineData("date", "date")]
    [InlineData("date-time", "datetime-local")]
    [InlineData("email", "email")]
    [InlineData("uri", "url")]
    [InlineData("uuid", "text")]
    [InlineData("hostname", "text")]
    public void A_string_format_is_that_input_type(string format, string type)
    {
        var cut = Render($$"""{ "type": "object", "properties": { "value": { "type": "string", "format": "{{format}}" } } }""");
        Assert.Equal(type, ByLabel(cut, "Value").GetAttribute("type"));
    }

    [Fact]
    public void Date_time_is_shown_in_UTC_and_written_as_RFC_3339_UTC()
    {
        var data = new JsonObject { ["at"] = "2026-12-02T11:30:00+01:00" };
        var cut = Render("""{ "type": "object", "properties": { "at": { "type": "string", "format": "date-time" } } }""", data);

        Assert.Equal("2026-12-02T10:30:00", ByLabel(cut, "At").GetAttribute("value"));
        ByLabel(cut, "At").Change("2026-12-03T08:15");
        Assert.Equal("2026-12-03T08:15:00Z", data["at"]!.GetValue<string>());
        Assert.Empty(cut.Instance.Errors);
    }

    [Fact]
    public void A_number_has_its_bounds_and_step_and_writes_a_JSON_number()
    {
        var cut = Render("""{ "type": "object", "properties": { "amount": { "type": "number", "exclusiveMinimum": 0, "maximum": 100000, "multipleOf": 0.01 } } }""");

        var input = ByLabel(cut, "Amount");
        Assert.Equal("number", input.GetAttribute("type"));
        Assert.Equal("0.01", input.GetAttribute("min")); // the first multiple past the exclusive bound
        Assert.Equal("100000", input.GetAttribute("max"));
        Assert.Equal("0.01", input.GetAttribute("step"));

        input.Change("12.50");
        Assert.Equal(System.Text.Json.JsonValueKind.Number, JsonValueKindOf(cut, "amount"));
        Assert.Equal(12.50m, cut.Instance.Data["amount"]!.GetValue<decimal>());
        ByLabel(cut, "Amount").Change("");
        Assert.False(cut.Instance.Data.ContainsKey("amount"));
    }

    [Fact]
    public void An_integer_steps_by_one_and_writes_an_integer()
    {
        var cut = Render("""{ "type": "object", "properties": { "termMonths": { "type": "integer", "minimum": 6, "maximum": 360 }, "count": { "type": "integer", "exclusiveMaximum": 10 } } }""");

        var term = ByLabel(cut, "Term months");
        Assert.Equal(("6", "360", "1"), (term.GetAttribute("min"), term.GetAttribute("max"), term.GetAttribute("step")));
        Assert.Equal("9", ByLabel(cut, "Count").GetAttribute("max"));
        term.Change("12");
        Assert.Equal("12", cut.Instance.Data["termMonths"]!.ToJsonString());
    }

    [Fact]
    public void Text_that_is_not_a_number_is_kept_so_the_engine_says_what_is_wrong()
    {
        var cut = Render("""{ "type": "object", "properties": { "amount": { "type": "number" } } }""");

        ByLabel(cut, "Amount").Change("twelve");
        var error = Assert.Single(cut.Instance.Errors);
        Assert.Equal("/amount", error.Pointer);
        Assert.Contains(error.Message, Described(cut, ByLabel(cut, "Amount")), StringComparison.Ordinal);
    }

    [Theory]
    [InlineData(""", "maxLength": 500""", "TEXTAREA")]
    [InlineData(""", "maxLength": 201""", "TEXTAREA")]
    [InlineData(""", "maxLength": 200""", "INPUT")]
    [InlineData("", "INPUT")]
    public void A_string_with_a_long_maxLength_is_a_textarea_and_any_other_one_line(string maxLength, string tag)
    {
        var cut = Render($$"""{ "type": "object", "properties": { "notes": { "type": "string"{{maxLength}} } } }""");
        Assert.Equal(tag, ByLabel(cut, "Notes").TagName);
    }

    [Fact]
    public void An_emptied_text_input_removes_the_key_rather_than_sending_an_empty_string()
    {
        var data = new JsonObject();
        var cut = Render("""{ "type": "object", "properties": { "name": { "type": "string" } } }""", data);

        ByLabel(cut, "Name").Change("Ada");
        Assert.Equal("Ada", data["name"]!.GetValue<string>());
        ByLabel(cut, "Name").Change("");
        Assert.False(data.ContainsKey("name"));
    }

    [Fact]
    public void DataChanged_reports_every_edit_with_the_data_edited_in_place()
    {
        var data = new JsonObject();
        JsonObject? reported = null;
        var cut = Render(JsonNode.Parse("""{ "type": "object", "properties": { "name": { "type": "string" } } }"""), data,
            ps => ps.Add(p => p.DataChanged, d => reported = d));

        ByLabel(cut, "Name").Change("Ada");
        Assert.Same(data, reported);
    }

    private static System.Text.Json.JsonValueKind JsonValueKindOf(IRenderedComponent<Sorcha.Web.Forms.SchemaForm> cut, string key) =>
        cut.Instance.Data[key]!.GetValueKind();
}
