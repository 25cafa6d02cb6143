namespace Sorcha.Web.Tests;

/// <summary>enum, or oneOf/anyOf of consts → a select, radios for at most four; boolean → a checkbox.</summary>
public sealed class ChoiceTests : FormHarness
{
    [Fact]
    public void An_enum_of_more_than_four_is_a_select_of_its_values()
    {
        var cut = Render("""{ "type": "object", "required": ["category"], "properties": { "category": { "enum": ["travel", "meals", "accommodation", "equipment", "other"] } } }""");

        var select = ByLabel(cut, "Category");
        Assert.Equal("SELECT", select.TagName);
        Assert.Equal(["Choose…", "travel", "meals", "accommodation", "equipment", "other"], select.QuerySelectorAll("option").Select(o => o.TextContent));

        select.Change("2");
        Assert.Equal("accommodation", cut.Instance.Data["category"]!.GetValue<string>());
        // Once chosen, a required select offers no empty option.
        Assert.Equal(5, ByLabel(cut, "Category").QuerySelectorAll("option").Length);
        Assert.True(ByLabel(cut, "Category").QuerySelectorAll("option")[2].HasAttribute("selected"));
    }

    [Fact]
    public void An_optional_select_can_be_emptied_which_removes_the_key()
    {
        var cut = Render("""{ "type": "object", "properties": { "grade": { "enum": ["A", "B", "C", "D", "E"] } } }""");

        ByLabel(cut, "Grade").Change("0");
        Assert.Equal("A", cut.Instance.Data["grade"]!.GetValue<string>());
        ByLabel(cut, "Grade").Change("");
        Assert.False(cut.Instance.Data.ContainsKey("grade"));
    }

    [Fact]
    public void Four_options_or_fewer_are_radios_in_a_fieldset_with_a_legend()
    {
        var cut = Render("""{ "type": "object", "properties": { "size": { "enum": ["S", "M", "L", 42] } } }""");

        var group = ByLegend(cut, "Size");
        Assert.Equal("FIELDSET", group.TagName);
        Assert.Equal("radiogroup", group.GetAttribute("role"));
        Assert.Equal(5, group.QuerySelectorAll("input[type=radio]").Length); // "Not given" first: the field is optional
        Assert.Equal("radio", ByLabel(cut, "M").GetAttribute("type"));

        ByLabel(cut, "42").Change(true);
        Assert.Equal(42, cut.Instance.Data["size"]!.GetValue<int>()); // a JSON number, as the enum has it
        ByLabel(cut, "Not given").Change(true);
        Assert.False(cut.Instance.Data.ContainsKey("size"));
    }

    [Theory]
    [InlineData("oneOf")]
    [InlineData("anyOf")]
    public void OneOf_or_anyOf_of_consts_is_a_choice_whose_option_text_is_the_title(string keyword)
    {
        var cut = Render($$"""
            { "type": "object", "properties": { "priority": { "{{keyword}}": [
              { "const": 1, "title": "Low" }, { "const": 2, "title": "Normal" }, { "const": 3, "title": "High" },
              { "const": 4, "title": "Urgent" }, { "const": 5 } ] } } }
            """);

        var select = ByLabel(cut, "Priority");
        Assert.Equal(["Not given", "Low", "Normal", "High", "Urgent", "5"], select.QuerySelectorAll("option").Select(o => o.TextContent));
        select.Change("2");
        Assert.Equal(3, cut.Instance.Data["priority"]!.GetValue<int>());
    }

    [Fact]
    public void A_boolean_is_a_checkbox_writing_true_and_false()
    {
        var cut = Render("""{ "type": "object", "properties": { "paid": { "type": "boolean" } } }""");

        var box = ByLabel(cut, "Paid");
        Assert.Equal("checkbox", box.GetAttribute("type"));
        Assert.False(cut.Instance.Data.ContainsKey("paid"));
        box.Change(true);
        Assert.True(cut.Instance.Data["paid"]!.GetValue<bool>());
        Assert.True(ByLabel(cut, "Paid").HasAttribute("checked"));
        ByLabel(cut, "Paid").Change(false);
        Assert.False(cut.Instance.Data["paid"]!.GetValue<bool>());
    }

    [Fact]
    public async Task A_required_checkbox_starts_false_since_a_checkbox_has_no_empty_state_and_a_true_const_must_be_ticked()
    {
        var cut = Render("""{ "type": "object", "required": ["paid", "consent"], "properties": { "paid": { "type": "boolean" }, "consent": { "const": true } } }""");

        Assert.False(cut.Instance.Data["paid"]!.GetValue<bool>());
        Assert.Equal("checkbox", ByLabel(cut, "Consent").GetAttribute("type"));
        Assert.False(await ValidateAsync(cut));
        Assert.Equal(["/consent"], cut.Instance.Errors.Select(e => e.Pointer));

        ByLabel(cut, "Consent").Change(true);
        Assert.True(await ValidateAsync(cut));
    }
}
