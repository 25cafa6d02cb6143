using Sorcha.Web.Forms;

namespace Sorcha.Web.Tests;

/// <summary>Row 1 of the form section: label, help text, required marks.</summary>
public sealed class LabelTests : FormHarness
{
    [Fact]
    public void The_label_is_the_title()
    {
        var cut = Render("""{ "type": "object", "properties": { "amt": { "type": "number", "title": "Amount claimed" } } }""");

        Assert.Equal("number", ByLabel(cut, "Amount claimed").GetAttribute("type"));
        Assert.False(HasLabel(cut, "Amt"));
    }

    [Theory]
    [InlineData("employeeName", "Employee name")]
    [InlineData("EmployeeName", "Employee name")]
    [InlineData("line1", "Line 1")]
    [InlineData("approved_term_months", "Approved term months")]
    [InlineData("payout-account", "Payout account")]
    [InlineData("HTTPServer", "HTTP server")]
    [InlineData("x", "X")]
    public void Without_a_title_the_label_is_the_name_in_words(string name, string label)
    {
        Assert.Equal(label, Words.FromName(name));
        var cut = Render($$"""{ "type": "object", "properties": { "{{name}}": { "type": "string" } } }""");
        Assert.Equal("text", ByLabel(cut, label).GetAttribute("type"));
    }

    [Fact]
    public void The_description_is_help_text_the_control_is_described_by()
    {
        var cut = Render("""{ "type": "object", "properties": { "email": { "type": "string", "description": "Where we send the receipt." } } }""");

        var input = ByLabel(cut, "Email");
        Assert.Equal("Where we send the receipt.", Described(cut, input));
        Assert.Contains("sorcha-field-help", cut.Find("#" + input.GetAttribute("aria-describedby")).ClassName);
    }

    [Fact]
    public void Required_fields_are_marked_visually_and_for_assistive_technology()
    {
        var cut = Render("""{ "type": "object", "required": ["name"], "properties": { "name": { "type": "string" }, "nick": { "type": "string" } } }""");

        var name = ByLabel(cut, "Name");
        Assert.True(IsMarkedRequired(name));
        Assert.True(name.HasAttribute("required"));
        Assert.NotNull(cut.Find($"label[for='{name.Id}'] .sorcha-field-required"));
        Assert.Equal("true", cut.Find($"label[for='{name.Id}'] .sorcha-field-required").GetAttribute("aria-hidden"));

        var nick = ByLabel(cut, "Nick");
        Assert.False(IsMarkedRequired(nick));
        Assert.False(nick.HasAttribute("required"));
        Assert.Empty(cut.FindAll($"label[for='{nick.Id}'] .sorcha-field-required"));
    }

    [Fact]
    public void Two_forms_on_a_page_have_distinct_ids_from_their_prefix()
    {
        const string schema = """{ "type": "object", "properties": { "name": { "type": "string" } } }""";
        var first = Render(schema, more: ps => ps.Add(p => p.IdPrefix, "one"));
        var second = Render(schema, more: ps => ps.Add(p => p.IdPrefix, "two"));

        Assert.NotEqual(ByLabel(first, "Name").Id, ByLabel(second, "Name").Id);
        Assert.StartsWith("one-", ByLabel(first, "Name").Id, StringComparison.Ordinal);
    }
}
