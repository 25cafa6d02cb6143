using System.Text.Json.Nodes;

namespace Sorcha.Web.Tests;

/// <summary>Nested objects → a fieldset; arrays → rows within minItems/maxItems; default prefilled; readOnly shown, not editable.</summary>
public sealed class StructureTests : FormHarness
{
    private const string Address = """
        { "type": "object", "required": ["address"], "properties": {
            "address": { "type": "object", "required": ["city"], "properties": { "city": { "type": "string" }, "postcode": { "type": "string" } } },
            "payout": { "type": "object", "title": "Payout account", "required": ["iban"], "properties": { "iban": { "type": "string", "title": "IBAN" } } } } }
        """;

    [Fact]
    public void A_nested_object_is_a_fieldset_whose_legend_names_it()
    {
        var data = new JsonObject();
        var cut = Render(Address, data);

        var address = ByLegend(cut, "Address");
        Assert.Equal("FIELDSET", address.TagName);
        Assert.True(IsMarkedRequired(address)); // in the legend's words: ARIA allows no aria-required on a group
        Assert.NotNull(address.QuerySelector("#" + ByLabel(cut, "City").Id));

        ByLabel(cut, "City").Change("Leeds");
        Assert.Equal("""{"address":{"city":"Leeds"}}""", data.ToJsonString());
    }

    [Fact]
    public void An_optional_object_emptied_again_is_removed_not_left_as_an_empty_object()
    {
        var data = new JsonObject();
        var cut = Render(Address, data);

        ByLabel(cut, "IBAN").Change("GB00TEST12345678901");
        Assert.True(data.ContainsKey("payout"));
        ByLabel(cut, "IBAN").Change("");
        Assert.False(data.ContainsKey("payout"));
    }

    private const string Lines = """
        { "type": "object", "properties": { "lineItems": { "type": "array", "minItems": 1, "maxItems": 3,
            "items": { "type": "object", "title": "Line", "required": ["sku"], "properties": { "sku": { "type": "string" }, "qty": { "type": "integer", "default": 1 } } } } } }
        """;

    [Fact]
    public void Array_rows_are_added_and_removed_within_minItems_and_maxItems()
    {
        var data = new JsonObject();
        var cut = Render(Lines, data);
        var add = () => cut.Find("button[aria-label='Add item to Line items']");

        Assert.NotNull(ByLegend(cut, "Line items"));
        add().Click();
        Assert.True(cut.Find("button[aria-label='Remove item 1 of Line items']").HasAttribute("disabled")); // at minItems
        Assert.Equal("""{"lineItems":[{"qty":1}]}""", data.ToJsonString()); // the row's defaults prefilled

        add().Click();
        add().Click();
        Assert.True(add().HasAttribute("disabled")); // at maxItems
        Assert.False(cut.Find("button[aria-label='Remove item 2 of Line items']").HasAttribute("disabled"));
        Assert.NotNull(ByLegend(cut, "Line 3 of Line items"));

        var sku = ByLegend(cut, "Line 2 of Line items").QuerySelector("input")!;
        sku.Change("B-2");
        cut.Find("button[aria-label='Remove item 1 of Line items']").Click();
        Assert.Equal("B-2", data["lineItems"]![0]!["sku"]!.GetValue<string>());
        Assert.Equal(2, data["lineItems"]!.AsArray().Count);
        Assert.False(add().HasAttribute("disabled"));
    }

    [Fact]
    public void Rows_of_scalars_are_labelled_by_position_and_an_emptied_optional_array_is_removed()
    {
        var data = new JsonObject();
        var cut = Render("""{ "type": "object", "properties": { "receipts": { "type": "array", "items": { "type": "string", "format": "uri" } } } }""", data);

        cut.Find("button[aria-label='Add item to Receipts']").Click();
        ByLabel(cut, "Item 1 of Receipts").Change("https://example.com/r/1");
        Assert.Equal("url", ByLabel(cut, "Item 1 of Receipts").GetAttribute("type"));
        Assert.Equal("""{"receipts":["https://example.com/r/1"]}""", data.ToJsonString());

        cut.Find("button[aria-label='Remove item 1 of Receipts']").Click();
        Assert.False(data.ContainsKey("receipts"));
    }

    [Fact]
    public void A_default_is_prefilled_only_where_the_key_is_absent()
    {
        var data = new JsonObject { ["currency"] = "EUR" };
        var cut = Render("""
            { "type": "object", "properties": { "currency": { "type": "string", "default": "GBP" }, "taxRate": { "type": "number", "default": 0.2 }, "urgent": { "type": "boolean", "default": true } } }
            """, data);

        Assert.Equal("EUR", ByLabel(cut, "Currency").GetAttribute("value"));
        Assert.Equal("0.2", ByLabel(cut, "Tax rate").GetAttribute("value"));
        Assert.True(ByLabel(cut, "Urgent").HasAttribute("checked"));
        Assert.Equal("""{"currency":"EUR","taxRate":0.2,"urgent":true}""", data.ToJsonString());
    }

    [Fact]
    public void ReadOnly_is_shown_but_not_editable()
    {
        var data = new JsonObject { ["reference"] = "EXP-1", ["kind"] = "b" };
        var cut = Render("""
            { "type": "object", "properties": { "reference": { "type": "string", "readOnly": true }, "kind": { "enum": ["a", "b"], "readOnly": true }, "ok": { "type": "boolean", "readOnly": true } } }
            """, data);

        var reference = ByLabel(cut, "Reference");
        Assert.Equal("EXP-1", reference.GetAttribute("value"));
        Assert.True(reference.HasAttribute("readonly"));
        Assert.True(ByLabel(cut, "b").HasAttribute("disabled"));
        Assert.True(ByLabel(cut, "Ok").HasAttribute("disabled"));

        reference.Change("EXP-2");
        Assert.Equal("EXP-1", data["reference"]!.GetValue<string>());
    }

    [Fact]
    public void Disabled_disables_every_control()
    {
        var cut = Render(JsonNode.Parse(Lines), [], ps => ps.Add(p => p.Disabled, true));
        Assert.All(cut.FindAll("input, select, textarea, button"), c => Assert.True(c.HasAttribute("disabled")));
    }
}
