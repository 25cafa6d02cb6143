using Sorcha.Blueprint.Engine.Execution;

namespace Sorcha.Blueprint.Engine.Tests.Execution;

using Sorcha.Contracts.Blueprints;

/// <summary>The shipped samples (samples/blueprints) must be publishable and must run end to end.</summary>
public class SampleBlueprintTests
{
    private readonly BlueprintEngine _engine = new();

    [Theory]
    [InlineData("expense-approval.json")]
    [InlineData("loan-application.json")]
    public void Sample_passes_publish_validation(string file) =>
        Assert.Empty(BlueprintValidator.Validate(TestBlueprints.Sample(file)));

    [Fact]
    public void Expense_large_approved_claim_goes_through_finance()
    {
        var blueprint = TestBlueprints.Sample("expense-approval.json");

        var submit = Run(blueprint, "submit", """
            {"employeeName":"Ann Smith","employeeEmail":"ann@example.com","expenseDate":"2025-03-14","category":"travel",
             "amount":1500.00,"currency":"GBP","description":"Conference travel","receipts":["https://receipts.example.com/1"]}
            """);
        Assert.Equal(300m, submit.Data!["tax"]!.GetValue<decimal>());
        Assert.Equal(1800m, submit.Data!["total"]!.GetValue<decimal>());
        Assert.Equal(RouteResult.To("approve", "manager"), submit.Route);
        Assert.Equal(
            ["amount", "category", "currency", "employeeName", "expenseDate", "tax", "total"],
            submit.Disclosures!["finance"].Select(p => p.Key).Order(StringComparer.Ordinal).ToArray());
        Assert.Equal(submit.Data.ToJsonString(), submit.Disclosures["manager"].ToJsonString());

        var approve = Run(blueprint, "approve", """{"decision":"approved","approvedAmount":1500}""");
        Assert.Equal(RouteResult.To("finance-review", "finance"), approve.Route);
        Assert.Equal("""{"decision":"approved"}""", approve.Disclosures!["employee"].ToJsonString());

        var review = Run(blueprint, "finance-review", """{"paid":true,"paymentReference":"PAY-000123","paymentDate":"2025-03-20"}""");
        Assert.Equal(RouteResult.Finished, review.Route);
    }

    [Theory]
    [InlineData("""{"decision":"approved","approvedAmount":200}""")]
    [InlineData("""{"decision":"approved","approvedAmount":1000}""")]
    [InlineData("""{"decision":"rejected","comment":"No receipt"}""")]
    public void Expense_small_or_rejected_claim_finishes_after_the_manager(string decision)
    {
        var result = Run(TestBlueprints.Sample("expense-approval.json"), "approve", decision);

        Assert.Equal(RouteResult.Finished, result.Route);
    }

    [Fact]
    public void Expense_custom_tax_rate_is_used_in_the_calculation()
    {
        var result = Run(TestBlueprints.Sample("expense-approval.json"), "submit", """
            {"employeeName":"Ann","employeeEmail":"ann@example.com","expenseDate":"2025-03-14","category":"meals",
             "amount":19.99,"currency":"EUR","taxRate":0.1,"description":"Lunch"}
            """);

        Assert.Equal(1.999m, result.Data!["tax"]!.GetValue<decimal>());
        Assert.Equal(21.989m, result.Data!["total"]!.GetValue<decimal>());
    }

    [Fact]
    public void Expense_invalid_claim_reports_every_field()
    {
        var blueprint = TestBlueprints.Sample("expense-approval.json");

        var result = _engine.Validate(blueprint, blueprint.FindAction("submit")!, TestJson.Parse("""
            {"employeeName":"","employeeEmail":"not-an-email","expenseDate":"2025-02-30","category":"golf",
             "amount":-3.001,"currency":"gbp","receipts":["not a uri","not a uri"],"sneaky":true}
            """));

        Assert.Equal(
            ["/amount", "/category", "/currency", "/description", "/employeeEmail", "/employeeName", "/expenseDate", "/receipts/0", "/receipts/1", "/sneaky"],
            result.Errors.Select(e => e.Pointer).Distinct().Order(StringComparer.Ordinal).ToArray());
    }

    [Fact]
    public void Expense_manager_approving_without_amount_is_invalid()
    {
        var blueprint = TestBlueprints.Sample("expense-approval.json");

        var result = _engine.Validate(blueprint, blueprint.FindAction("approve")!, TestJson.Parse("""{"decision":"approved"}"""));

        Assert.Equal("/approvedAmount", Assert.Single(result.Errors).Pointer);
    }

    [Fact]
    public void Loan_full_path_from_application_to_payout()
    {
        var blueprint = TestBlueprints.Sample("loan-application.json");

        var apply = Run(blueprint, "apply", """
            {
              "applicationId": "7f1c2a9e-3b4d-4e5f-8a6b-1c2d3e4f5a6b",
              "applicant": { "firstName": "Sam", "lastName": "Jones", "dateOfBirth": "1988-07-01", "email": "sam@example.org", "phone": "+447700900123" },
              "address": { "line1": "2 Low Rd", "city": "Leeds", "postcode": "LS1 1AA", "country": "GB" },
              "employmentStatus": "employed", "employer": "Acme Ltd",
              "annualIncome": 60000, "monthlyDebtPayments": 500,
              "loanAmount": 15000, "termMonths": 36, "purpose": "car", "consentToCreditCheck": true
            }
            """);
        Assert.Equal(0.1m, apply.Data!["debtToIncome"]!.GetValue<decimal>());
        Assert.Equal(0.25m, apply.Data!["loanToIncome"]!.GetValue<decimal>());
        Assert.False(apply.Data!["requiresManualReview"]!.GetValue<bool>());
        Assert.Equal(RouteResult.To("underwrite", "underwriter"), apply.Route);
        Assert.Equal("""{"firstName":"Sam","lastName":"Jones","dateOfBirth":"1988-07-01"}""", apply.Disclosures!["underwriter"]["applicant"]!.ToJsonString());
        Assert.Null(apply.Disclosures["underwriter"]["address"]);
        Assert.Equal("Leeds", apply.Disclosures["bank"]["address"]!["city"]!.GetValue<string>());

        var refer = Run(blueprint, "underwrite", """{"decision":"refer","riskGrade":"C","reason":"Second opinion"}""");
        Assert.Equal(RouteResult.To("underwrite", "underwriter"), refer.Route);

        var approve = Run(blueprint, "underwrite", """
            {"decision":"approve","riskGrade":"B","approvedAmount":15000,"approvedTermMonths":36,"interestRate":6,"conditions":["Proof of income"]}
            """);
        Assert.Equal(17700m, approve.Data!["totalRepayable"]!.GetValue<decimal>());
        Assert.Equal(491.66666666666666666666666667m, approve.Data!["monthlyPayment"]!.GetValue<decimal>());
        Assert.Equal(RouteResult.To("offer", "bank"), approve.Route);
        Assert.False(approve.Disclosures!["applicant"].ContainsKey("riskGrade"));

        var offer = Run(blueprint, "offer", """
            {"offerId":"0b8e5a4c-2f1d-4c3b-9a8e-7d6c5b4a3f2e","amount":15000,"termMonths":36,"interestRate":6,
             "monthlyPayment":491.67,"expiresOn":"2025-06-30","termsUrl":"https://bank.example.com/terms/123"}
            """);
        Assert.Equal(RouteResult.To("accept", "applicant"), offer.Route);

        var accept = Run(blueprint, "accept", """{"accepted":true,"respondedAt":"2025-06-01T09:30:00Z","payoutAccount":{"iban":"GB82WEST12345698765432"}}""");
        Assert.Equal(RouteResult.To("disburse", "bank"), accept.Route);
        Assert.Equal("""{"accepted":true}""", accept.Disclosures!["underwriter"].ToJsonString());

        var disburse = Run(blueprint, "disburse", """{"disbursedAmount":15000,"disbursedAt":"2025-06-02T10:00:00+01:00","transferReference":"TRF-2025-0001"}""");
        Assert.Equal(RouteResult.Finished, disburse.Route);
    }

    [Theory]
    [InlineData("""{"decision":"decline","riskGrade":"E","reason":"Affordability"}""", RouteOutcome.Finished)]
    [InlineData("""{"decision":"approve","riskGrade":"A","approvedAmount":1000,"approvedTermMonths":12,"interestRate":3.5}""", RouteOutcome.Next)]
    public void Loan_underwriting_outcomes(string decision, RouteOutcome outcome) =>
        Assert.Equal(outcome, Run(TestBlueprints.Sample("loan-application.json"), "underwrite", decision).Route!.Outcome);

    [Theory]
    [InlineData("""{"decision":"approve","riskGrade":"A"}""")]
    [InlineData("""{"decision":"decline","riskGrade":"E"}""")]
    [InlineData("""{"decision":"maybe","riskGrade":"A","reason":"x"}""")]
    public void Loan_underwriting_without_the_fields_its_decision_needs_is_invalid(string decision)
    {
        var blueprint = TestBlueprints.Sample("loan-application.json");

        Assert.False(_engine.Validate(blueprint, blueprint.FindAction("underwrite")!, TestJson.Parse(decision)).Valid);
    }

    [Fact]
    public void Loan_application_missing_employer_and_consent_is_invalid()
    {
        var blueprint = TestBlueprints.Sample("loan-application.json");

        var result = _engine.Validate(blueprint, blueprint.FindAction("apply")!, TestJson.Parse("""
            {
              "applicationId": "7f1c2a9e-3b4d-4e5f-8a6b-1c2d3e4f5a6b",
              "applicant": { "firstName": "Sam", "lastName": "Jones", "dateOfBirth": "1988-07-01", "email": "sam@example.org" },
              "address": { "line1": "2 Low Rd", "city": "Leeds", "postcode": "LS1 1AA", "country": "gb" },
              "employmentStatus": "employed",
              "annualIncome": 60000, "monthlyDebtPayments": 500,
              "loanAmount": 15000, "termMonths": 35, "purpose": "car", "consentToCreditCheck": false
            }
            """));

        Assert.Equal(
            ["/address/country", "/consentToCreditCheck", "/employer", "/termMonths"],
            result.Errors.Select(e => e.Pointer).Order(StringComparer.Ordinal).ToArray());
    }

    private ActionResult Run(BlueprintDocument blueprint, string actionId, string data)
    {
        var result = _engine.Process(blueprint, blueprint.FindAction(actionId)!, TestJson.Parse(data));
        Assert.True(result.Valid, string.Join("; ", result.Validation.Errors.Select(e => $"{e.Pointer}: {e.Message}")));
        return result;
    }
}
