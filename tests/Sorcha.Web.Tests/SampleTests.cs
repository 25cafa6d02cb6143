using System.Text.Json.Nodes;
using Sorcha.Blueprint.Engine;
using Sorcha.Blueprint.Engine.Execution;

namespace Sorcha.Web.Tests;

/// <summary>The sample blueprints use only supported keywords: every action's form lays out fully, and the expense workflow can be done with it.</summary>
public sealed class SampleTests : FormHarness
{
    public static TheoryData<string, string> Actions()
    {
        var data = new TheoryData<string, string>();
        foreach (var name in Samples.Names)
        {
            foreach (var action in Samples.Blueprint(name)["actions"]!.AsArray())
            {
                data.Add(name, action!["id"]!.GetValue<string>());
            }
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(Actions))]
    public void Every_action_of_every_sample_renders_without_a_fallback_editor(string blueprint, string action)
    {
        var cut = Render(Samples.Action(blueprint, action), new JsonObject());

        Assert.Empty(cut.FindAll(".sorcha-field-json"));
        Assert.NotEmpty(cut.FindAll("input, select, textarea"));
        // Every control is named by a label or, for a radio group, its fieldset's legend.
        Assert.All(cut.FindAll("input, select, textarea"), c => Assert.NotEmpty(cut.FindAll($"label[for='{c.Id}']")));
    }

    [Fact]
    public async Task The_expense_claim_is_filled_in_by_label_and_the_engine_accepts_it()
    {
        var data = new JsonObject();
        var cut = Render(Samples.Action("expense-approval", "submit"), data);

        ByLabel(cut, "Employee name").Change("Ada Lovelace");
        ByLabel(cut, "Employee email").Change("ada@example.com");
        ByLabel(cut, "Expense date").Change("2026-11-30");
        ByLabel(cut, "Category").Change("0"); // travel
        ByLabel(cut, "Amount").Change("1250.00");
        ByLabel(cut, "Currency").Change("GBP");
        Assert.False(await ValidateAsync(cut));
        Assert.Equal(["/description"], cut.Instance.Errors.Select(e => e.Pointer));

        ByLabel(cut, "Description").Change("Train to the Leeds office");
        Assert.Equal("TEXTAREA", ByLabel(cut, "Description").TagName);
        cut.Find("button[aria-label='Add item to Receipts']").Click();
        ByLabel(cut, "Item 1 of Receipts").Change("https://example.com/receipts/1");
        Assert.True(await ValidateAsync(cut));

        var (result, _) = Process("submit", data);
        Assert.True(result.Valid);
        Assert.Equal("approve", result.Route!.NextActionId);
    }

    [Fact]
    public async Task The_manager_approves_with_the_conditional_approved_amount()
    {
        var data = new JsonObject();
        var cut = Render(Samples.Action("expense-approval", "approve"), data);

        ByLabel(cut, "approved").Change(true);
        Assert.True(IsMarkedRequired(ByLabel(cut, "Approved amount")));
        Assert.False(await ValidateAsync(cut));
        Assert.Equal(["/approvedAmount"], cut.Instance.Errors.Select(e => e.Pointer));
        Assert.NotEqual("", Described(cut, ByLabel(cut, "Approved amount")));

        ByLabel(cut, "Approved amount").Change("1250.00");
        Assert.True(await ValidateAsync(cut));
        var (result, _) = Process("approve", data);
        Assert.Equal("finance-review", result.Route!.NextActionId);
    }

    [Fact]
    public async Task The_manager_rejects_with_the_comment_the_else_branch_requires()
    {
        var data = new JsonObject();
        var cut = Render(Samples.Action("expense-approval", "approve"), data);

        ByLabel(cut, "rejected").Change(true);
        Assert.False(await ValidateAsync(cut));
        Assert.Equal(["/comment"], cut.Instance.Errors.Select(e => e.Pointer));
        ByLabel(cut, "Comment").Change("Not a business expense.");
        Assert.True(await ValidateAsync(cut));
    }

    [Fact]
    public async Task Finance_records_the_payment()
    {
        var data = new JsonObject();
        var cut = Render(Samples.Action("expense-approval", "finance-review"), data);

        Assert.True(await ValidateAsync(cut)); // paid starts false: a checkbox has no empty state
        ByLabel(cut, "Paid").Change(true);
        ByLabel(cut, "Payment reference").Change("PAY-123456");
        Assert.True(IsMarkedRequired(ByLabel(cut, "Payment date")));
        Assert.False(await ValidateAsync(cut));
        ByLabel(cut, "Payment date").Change("2026-12-01");
        Assert.True(await ValidateAsync(cut));
        Assert.Equal("""{"paid":true,"paymentReference":"PAY-123456","paymentDate":"2026-12-01"}""", data.ToJsonString());
    }

    [Fact]
    public void The_loan_application_lays_out_its_referenced_person_and_address_and_the_employer_condition()
    {
        var cut = Render(Samples.Action("loan-application", "apply"), new JsonObject());

        Assert.NotNull(ByLegend(cut, "Applicant"));
        Assert.Equal("date", ByLabel(cut, "Date of birth").GetAttribute("type"));
        Assert.True(IsMarkedRequired(ByLabel(cut, "Line 1")));
        Assert.Equal("checkbox", ByLabel(cut, "Consent to credit check").GetAttribute("type"));
        Assert.Equal(("6", "360", "6"), (ByLabel(cut, "Term months").GetAttribute("min"), ByLabel(cut, "Term months").GetAttribute("max"), ByLabel(cut, "Term months").GetAttribute("step")));

        // While the status is absent the `if` passes vacuously, for the engine too, so the employer is required.
        Assert.True(IsMarkedRequired(ByLabel(cut, "Employer")));
        ByLabel(cut, "Employment status").Change("3"); // retired
        Assert.False(IsMarkedRequired(ByLabel(cut, "Employer")));
        ByLabel(cut, "Employment status").Change("0"); // employed
        Assert.True(IsMarkedRequired(ByLabel(cut, "Employer")));
    }

    private static (ActionResult Result, BlueprintEngine Engine) Process(string action, JsonObject data)
    {
        var blueprint = BlueprintJson.Deserialize(Samples.Blueprint("expense-approval").ToJsonString())!;
        var engine = new BlueprintEngine();
        return (engine.Process(blueprint, blueprint.FindAction(action)!, data), engine);
    }
}
