using System.Text.Json.Nodes;
using Sorcha.Blueprint.Engine.Schema;

namespace Sorcha.Web.Tests;

/// <summary>The engine's messages beside touched fields (all of them after Validate()); the server's 422 errors by JSON Pointer.</summary>
public sealed class ValidationTests : FormHarness
{
    private const string Claim = """
        { "type": "object", "required": ["employeeEmail", "amount"], "additionalProperties": false, "properties": {
            "employeeEmail": { "type": "string", "format": "email" },
            "amount": { "type": "number", "exclusiveMinimum": 0, "multipleOf": 0.01 },
            "address": { "type": "object", "properties": { "city": { "type": "string", "minLength": 2 } } } } }
        """;

    [Fact]
    public void The_engines_message_shows_beside_a_field_once_it_is_touched_and_not_before()
    {
        var cut = Render(Claim);
        var email = ByLabel(cut, "Employee email");
        Assert.Equal("", Described(cut, email));

        email.Change("nope");
        var expected = JsonSchema.Compile(JsonNode.Parse(Claim)).Evaluate(new JsonObject { ["employeeEmail"] = "nope" })
            .Single(e => e.Pointer == "/employeeEmail").Message;
        email = ByLabel(cut, "Employee email");
        Assert.Equal(expected, Described(cut, email)); // exactly the engine's words, as the server's 422 has them
        Assert.Equal("true", email.GetAttribute("aria-invalid"));
        // The untouched amount is missing too, but says nothing yet.
        Assert.Equal("", Described(cut, ByLabel(cut, "Amount")));
        Assert.Contains(cut.Instance.Errors, e => e.Pointer == "/amount");
    }

    [Fact]
    public void Leaving_a_field_touches_it()
    {
        var cut = Render(Claim);
        ByLabel(cut, "Amount").FocusOut();
        Assert.NotEqual("", Described(cut, ByLabel(cut, "Amount")));
    }

    [Fact]
    public async Task Validate_touches_every_field_and_says_whether_the_data_is_valid()
    {
        var data = new JsonObject();
        var cut = Render(JsonNode.Parse(Claim), data);

        Assert.False(await ValidateAsync(cut));
        var engine = JsonSchema.Compile(JsonNode.Parse(Claim)).Evaluate(data);
        Assert.Equal(engine, cut.Instance.Errors);
        foreach (var error in engine)
        {
            Assert.Contains(error.Message, Described(cut, ByLabel(cut, error.Pointer == "/amount" ? "Amount" : "Employee email")), StringComparison.Ordinal);
        }

        ByLabel(cut, "Employee email").Change("ada@example.com");
        ByLabel(cut, "Amount").Change("12.5");
        Assert.True(await ValidateAsync(cut));
        Assert.Empty(cut.Instance.Errors);
    }

    [Fact]
    public void Server_errors_land_on_their_fields_by_pointer_and_the_rest_in_the_banner()
    {
        var errors = new Dictionary<string, string[]>
        {
            ["/amount"] = ["must be greater than 0"],
            ["/address/city"] = ["too short"],
            ["/extra"] = ["property 'extra' is not allowed"],
            ["sender"] = ["sender must be a wallet address (bech32m, hrp \"ws\")."],
        };
        var cut = Render(JsonNode.Parse(Claim), [], ps => ps.Add(p => p.ServerErrors, errors));

        Assert.Equal("must be greater than 0", Described(cut, ByLabel(cut, "Amount")));
        Assert.Equal("too short", Described(cut, ByLabel(cut, "City")));
        var banner = cut.Find(".sorcha-field-banner");
        Assert.Equal("alert", banner.GetAttribute("role"));
        Assert.Contains("property 'extra' is not allowed", banner.TextContent, StringComparison.Ordinal);
        Assert.Contains("sender must be a wallet address", banner.TextContent, StringComparison.Ordinal);

        // Edited, the field's stale server error goes; the engine speaks for it now.
        ByLabel(cut, "Amount").Change("5");
        Assert.Equal("", Described(cut, ByLabel(cut, "Amount")));
    }

    [Fact]
    public void The_services_own_422_keys_for_the_expense_sample_each_land_on_a_field()
    {
        var schema = Samples.Action("expense-approval", "submit");
        var bad = new JsonObject { ["employeeName"] = "Ada", ["employeeEmail"] = "nope", ["amount"] = 0, ["currency"] = "GBP" };
        // What the Blueprint service answers: the engine's errors grouped by pointer (EngineProblems.Invalid).
        var errors = JsonSchema.Compile(schema).Evaluate(bad).GroupBy(e => e.Pointer).ToDictionary(g => g.Key, g => g.Select(e => e.Message).ToArray());
        var cut = Render(schema, new JsonObject(), ps => ps.Add(p => p.ServerErrors, errors));

        Assert.Empty(cut.FindAll(".sorcha-field-banner"));
        Assert.Equal(errors["/employeeEmail"][0], Described(cut, ByLabel(cut, "Employee email")));
        Assert.Equal(string.Join(" | ", errors["/amount"]), Described(cut, ByLabel(cut, "Amount")));
        Assert.Equal(errors["/category"][0], Described(cut, ByLabel(cut, "Category")));
    }

    [Fact]
    public async Task An_objects_own_message_waits_for_Validate_and_shows_in_its_fieldset()
    {
        var cut = Render("""
            { "type": "object", "properties": { "contact": { "type": "object", "minProperties": 1,
              "properties": { "phone": { "type": "string" }, "email": { "type": "string" } } } } }
            """, new JsonObject { ["contact"] = new JsonObject() });
        var contact = ByLegend(cut, "Contact");
        Assert.Empty(contact.QuerySelectorAll(":scope > .sorcha-field-error"));

        Assert.False(await ValidateAsync(cut));
        contact = ByLegend(cut, "Contact");
        var message = Assert.Single(cut.Instance.Errors).Message;
        Assert.Equal(message, contact.QuerySelector(":scope > .sorcha-field-error")!.TextContent.Trim());
        Assert.Empty(cut.FindAll(".sorcha-field-banner"));
    }
}
