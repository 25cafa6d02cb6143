using System.Net;
using System.Net.Http.Json;
using System.Text.Json;
using System.Text.Json.Nodes;
using Sorcha.Testing.Blueprints;

namespace Sorcha.Blueprint.Service.Tests;

/// <summary>POST /api/execution/* on the expense-approval sample with real data.</summary>
[Collection(BlueprintScope.Name)]
public sealed class ExecutionHelperTests(BlueprintServices services)
{
    private static object Claim(double amount) => new
    {
        employeeName = "Ada Lovelace",
        employeeEmail = "ada@example.com",
        expenseDate = "2025-03-14",
        category = "travel",
        amount,
        currency = "GBP",
        taxRate = 0.1,
        description = "Train to the conference",
    };

    [Fact]
    public async Task Validate_reports_valid_data_and_every_failing_pointer()
    {
        using var caller = await services.ClientAsync("exec-validate");
        var id = (await BlueprintFlows.CreateAsync(caller, BlueprintFlows.Sample("expense-approval"))).Str("id");

        var ok = await Json.PostAsync(caller, "/api/execution/validate",
            new { blueprintId = id, actionId = "submit", data = Claim(120.50) }, HttpStatusCode.OK);
        Assert.True(ok.GetProperty("valid").GetBoolean());
        Assert.Equal(0, ok.GetProperty("errors").GetArrayLength());

        var bad = await Json.PostAsync(caller, "/api/execution/validate", new
        {
            blueprintId = id,
            actionId = "submit",
            data = new { employeeName = "", employeeEmail = "not-an-email", expenseDate = "2025-02-30", category = "yacht", amount = -5, currency = "gbp", description = "Hi", extra = 1 },
        }, HttpStatusCode.OK);
        Assert.False(bad.GetProperty("valid").GetBoolean());
        var pointers = bad.GetProperty("errors").EnumerateArray().Select(e => e.Str("pointer")).ToHashSet();
        Assert.Superset(new HashSet<string> { "/employeeName", "/employeeEmail", "/expenseDate", "/category", "/amount", "/currency", "/description", "/extra" }, pointers);
    }

    [Fact]
    public async Task Calculate_route_and_disclose_follow_the_blueprint()
    {
        using var caller = await services.ClientAsync("exec-run");
        var id = (await BlueprintFlows.CreateAsync(caller, BlueprintFlows.Sample("expense-approval"))).Str("id");

        var calculated = await Json.PostAsync(caller, "/api/execution/calculate",
            new { blueprintId = id, actionId = "submit", data = Claim(19.99) }, HttpStatusCode.OK);
        Assert.Equal(1.999m, calculated.GetProperty("data").GetProperty("tax").GetDecimal());
        Assert.Equal(21.989m, calculated.GetProperty("data").GetProperty("total").GetDecimal());
        Assert.Equal("Ada Lovelace", calculated.GetProperty("data").Str("employeeName"));

        var toFinance = await Json.PostAsync(caller, "/api/execution/route",
            new { blueprintId = id, actionId = "approve", data = new { decision = "approved", approvedAmount = 1500 } }, HttpStatusCode.OK);
        Assert.Equal("finance-review", toFinance.Str("nextActionId"));
        Assert.Equal("finance", toFinance.Str("nextParticipant"));

        var done = await Json.PostAsync(caller, "/api/execution/route",
            new { blueprintId = id, actionId = "approve", data = new { decision = "rejected", comment = "no" } }, HttpStatusCode.OK);
        Assert.Equal(JsonValueKind.Null, done.GetProperty("nextActionId").ValueKind);
        Assert.Equal(JsonValueKind.Null, done.GetProperty("nextParticipant").ValueKind);

        var disclosed = await Json.PostAsync(caller, "/api/execution/disclose",
            new { blueprintId = id, actionId = "submit", data = Claim(100) }, HttpStatusCode.OK);
        var finance = disclosed.GetProperty("disclosures").GetProperty("finance");
        Assert.Equal(["amount", "category", "currency", "employeeName", "expenseDate", "tax", "total"],
            finance.EnumerateObject().Select(p => p.Name).Order(StringComparer.Ordinal));
        Assert.Equal(10, disclosed.GetProperty("disclosures").GetProperty("manager").EnumerateObject().Count());
    }

    [Fact]
    public async Task Unknown_ids_are_404_missing_ids_400_and_no_route_422()
    {
        using var caller = await services.ClientAsync("exec-bad");
        var id = (await BlueprintFlows.CreateAsync(caller, BlueprintFlows.Sample("loan-application"))).Str("id");

        using var unknownBlueprint = await caller.PostAsJsonAsync("/api/execution/validate",
            new { blueprintId = "0123456789abcdef0123456789abcdef", actionId = "apply", data = new { } });
        await ProblemAssert.IsProblemAsync(unknownBlueprint, HttpStatusCode.NotFound);
        using var unknownAction = await caller.PostAsJsonAsync("/api/execution/calculate", new { blueprintId = id, actionId = "nope", data = new { } });
        await ProblemAssert.IsProblemAsync(unknownAction, HttpStatusCode.NotFound);

        using var missing = await caller.PostAsJsonAsync("/api/execution/route", new { data = new { } });
        var problem = await ProblemAssert.IsProblemAsync(missing, HttpStatusCode.BadRequest);
        Assert.Equal(["actionId", "blueprintId"], BlueprintFlows.ErrorKeys(problem).Order(StringComparer.Ordinal));

        // underwrite's routes cover approve/refer/decline only.
        using var noRoute = await caller.PostAsJsonAsync("/api/execution/route",
            new { blueprintId = id, actionId = "underwrite", data = new { decision = "maybe" } });
        await ProblemAssert.IsProblemAsync(noRoute, HttpStatusCode.UnprocessableEntity);
    }

    [Fact]
    public async Task Draft_whose_action_cannot_compile_is_422()
    {
        using var caller = await services.ClientAsync("exec-draft");
        var draft = BlueprintFlows.Sample("expense-approval");
        draft["actions"]![0]!["dataSchema"] = JsonNode.Parse("""{ "type": "objekt" }""");
        var id = (await BlueprintFlows.CreateAsync(caller, draft)).Str("id");

        using var response = await caller.PostAsJsonAsync("/api/execution/validate", new { blueprintId = id, actionId = "submit", data = new { } });
        var problem = await ProblemAssert.IsProblemAsync(response, HttpStatusCode.UnprocessableEntity);
        Assert.Contains(BlueprintFlows.ErrorKeys(problem), k => k.StartsWith("/actions/0/dataSchema", StringComparison.Ordinal));
    }
}
