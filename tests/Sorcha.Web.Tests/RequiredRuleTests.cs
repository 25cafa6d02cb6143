namespace Sorcha.Web.Tests;

/// <summary>The required marks follow required, if/then/else, dependentRequired, dependentSchemas (and oneOf branches) as the data changes.</summary>
public sealed class RequiredRuleTests : FormHarness
{
    // The expense sample's approve step.
    private const string Approve = """
        {
          "type": "object", "required": ["decision"], "additionalProperties": false,
          "properties": {
            "decision": { "enum": ["approved", "rejected"] },
            "approvedAmount": { "type": "number", "minimum": 0, "multipleOf": 0.01 },
            "comment": { "type": "string", "maxLength": 500 }
          },
          "if": { "properties": { "decision": { "const": "approved" } } },
          "then": { "required": ["approvedAmount"] },
          "else": { "required": ["comment"] }
        }
        """;

    [Fact]
    public void If_then_else_marks_follow_the_data()
    {
        var cut = Render(Approve);
        var radios = ByLegend(cut, "Decision");
        Assert.Equal("true", radios.GetAttribute("aria-required"));

        cut.Find($"#{radios.Id}-1").Change(true); // rejected: the else branch
        Assert.False(IsMarkedRequired(ByLabel(cut, "Approved amount")));
        Assert.True(IsMarkedRequired(ByLabel(cut, "Comment")));

        cut.Find($"#{radios.Id}-0").Change(true); // approved: the then branch
        Assert.True(IsMarkedRequired(ByLabel(cut, "Approved amount")));
        Assert.False(IsMarkedRequired(ByLabel(cut, "Comment")));
        Assert.Equal("approved", cut.Instance.Data["decision"]!.GetValue<string>());
    }

    [Fact]
    public void DependentRequired_marks_once_the_trigger_has_a_value()
    {
        var cut = Render("""
            { "type": "object", "properties": { "paymentReference": { "type": "string" }, "paymentDate": { "type": "string", "format": "date" } },
              "dependentRequired": { "paymentReference": ["paymentDate"] } }
            """);
        Assert.False(IsMarkedRequired(ByLabel(cut, "Payment date")));

        ByLabel(cut, "Payment reference").Change("PAY-000001");
        Assert.True(IsMarkedRequired(ByLabel(cut, "Payment date")));

        ByLabel(cut, "Payment reference").Change("");
        Assert.False(IsMarkedRequired(ByLabel(cut, "Payment date")));
        Assert.False(cut.Instance.Data.ContainsKey("paymentReference"));
    }

    [Fact]
    public void DependentSchemas_marks_what_the_subschema_requires_once_the_trigger_is_present()
    {
        var cut = Render("""
            { "type": "object", "properties": { "creditCard": { "type": "string" }, "billingAddress": { "type": "string" } },
              "dependentSchemas": { "creditCard": { "required": ["billingAddress"] } } }
            """);
        Assert.False(IsMarkedRequired(ByLabel(cut, "Billing address")));

        ByLabel(cut, "Credit card").Change("4111");
        Assert.True(IsMarkedRequired(ByLabel(cut, "Billing address")));
    }

    [Fact]
    public void A_oneOf_branch_marks_its_required_once_the_data_picks_it()
    {
        var cut = Render("""
            { "type": "object", "required": ["decision"],
              "properties": { "decision": { "enum": ["approve", "decline", "refer"] }, "amount": { "type": "number" }, "reason": { "type": "string" } },
              "oneOf": [
                { "properties": { "decision": { "const": "approve" } }, "required": ["amount"] },
                { "properties": { "decision": { "enum": ["decline", "refer"] } }, "required": ["reason"] } ] }
            """);
        Assert.False(IsMarkedRequired(ByLabel(cut, "Amount")));
        Assert.False(IsMarkedRequired(ByLabel(cut, "Reason")));

        var decision = ByLegend(cut, "Decision");
        cut.Find($"#{decision.Id}-0").Change(true);
        Assert.True(IsMarkedRequired(ByLabel(cut, "Amount")));
        Assert.False(IsMarkedRequired(ByLabel(cut, "Reason")));

        cut.Find($"#{decision.Id}-2").Change(true);
        Assert.False(IsMarkedRequired(ByLabel(cut, "Amount")));
        Assert.True(IsMarkedRequired(ByLabel(cut, "Reason")));
    }

    [Fact]
    public void Conditions_inside_allOf_and_through_a_ref_are_followed()
    {
        var cut = Render("""
            { "type": "object", "properties": { "status": { "enum": ["employed", "retired"] }, "employer": { "type": "string" } },
              "allOf": [ { "$ref": "#/$defs/needsEmployer" } ],
              "$defs": { "needsEmployer": { "if": { "properties": { "status": { "const": "employed" } }, "required": ["status"] }, "then": { "required": ["employer"] } } } }
            """);
        Assert.False(IsMarkedRequired(ByLabel(cut, "Employer")));

        cut.Find($"#{ByLegend(cut, "Status").Id}-0").Change(true);
        Assert.True(IsMarkedRequired(ByLabel(cut, "Employer")));
    }

    [Fact]
    public void A_schema_with_its_own_id_still_has_its_conditions_decided()
    {
        var cut = Render("""
            { "$id": "https://example.com/claim.json", "type": "object",
              "properties": { "kind": { "enum": ["a", "b"] }, "detail": { "$ref": "#/$defs/text" } },
              "$defs": { "text": { "type": "string" } },
              "if": { "properties": { "kind": { "const": "b" } }, "required": ["kind"] }, "then": { "required": ["detail"] } }
            """);
        Assert.False(IsMarkedRequired(ByLabel(cut, "Detail")));

        ByLabel(cut, "b").Change(true);
        Assert.True(IsMarkedRequired(ByLabel(cut, "Detail")));
    }
}
