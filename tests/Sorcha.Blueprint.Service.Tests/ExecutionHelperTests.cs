using System.Net;
using System.Net.Http.Json;
using System.Text.Json;
using System.Text.Json.Nodes;
using Sorcha.Client;
using Sorcha.Contracts.Execution;
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
        var id = (await BlueprintFlows.CreateAsync(caller, BlueprintFlows.Sample("expense-approval"))).Id!;

        var ok = await Json.PostAsync<DataValidationResult>(caller, "/api/execution/validate",
            new { blueprintId = id, actionId = "submit", data = Claim(120.50) }, HttpStatusCode.OK);
        Assert.True(ok.Valid);
        Assert.Empty(ok.Errors);

        var bad = await Json.PostAsync<DataValidationResult>(caller, "/api/execution/validate", new
        {
            blueprintId = id,
            actionId = "submit",
            data = new { employeeName = "", employeeEmail = "not-an-email", expenseDate = "2025-02-30", category = "yacht", amount = -5, currency = "gbp", description = "Hi", extra = 1 },
        }, HttpStatusCode.OK);
        Assert.False(bad.Valid);
        var pointers = bad.Errors.Select(e => e.Pointer).ToHashSet();
        Assert.Superset(new HashSet<string> { "/employeeName", "/employeeEmail", "/expenseDate", "/category", "/amount", "/currency", "/description", "/extra" }, pointers);
    }

    [Fact]
    public async Task Calculate_route_and_disclose_follow_the_blueprint()
    {
        using var caller = await services.ClientAsync("exec-run");
        var id = (await BlueprintFlows.CreateAsync(caller, BlueprintFlows.Sample("expense-approval"))).Id!;

        var calculated = (await Json.PostAsync<CalculateResponse>(caller, "/api/execution/calculate",
            new { blueprintId = id, actionId = "submit", data = Claim(19.99) }, HttpStatusCode.OK)).Data;
        Assert.Equal(1.999m, calculated["tax"]!.GetValue<decimal>());
        Assert.Equal(21.989m, calculated["total"]!.GetValue<decimal>());
        Assert.Equal("Ada Lovelace", calculated["employeeName"]!.GetValue<string>());

        var toFinance = await Json.PostAsync<RouteResponse>(caller, "/api/execution/route",
            new { blueprintId = id, actionId = "approve", data = new { decision = "approved", approvedAmount = 1500 } }, HttpStatusCode.OK);
        Assert.Equal(new RouteResponse("finance-review", "finance"), toFinance);

        // Raw: the wire writes a finished route as both members present and null, not left out.
        var done = await Json.PostAsync(caller, "/api/execution/route",
            new { blueprintId = id, actionId = "approve", data = new { decision = "rejected", comment = "no" } }, HttpStatusCode.OK);
        Assert.Equal(JsonValueKind.Null, done.GetProperty("nextActionId").ValueKind);
        Assert.Equal(JsonValueKind.Null, done.GetProperty("nextParticipant").ValueKind);

        var disclosed = (await Json.PostAsync<DiscloseResponse>(caller, "/api/execution/disclose",
            new { blueprintId = id, actionId = "submit", data = Claim(100) }, HttpStatusCode.OK)).Disclosures;
        Assert.Equal(["amount", "category", "currency", "employeeName", "expenseDate", "tax", "total"],
            disclosed["finance"].Select(p => p.Key).Order(StringComparer.Ordinal));
        Assert.Equal(10, disclosed["manager"].Count);
    }

    [Fact]
    public async Task Unknown_ids_are_404_missing_ids_400_and_no_route_422()
    {
        using var caller = await services.ClientAsync("exec-bad");
        var id = (await BlueprintFlows.CreateAsync(caller, BlueprintFlows.Sample("loan-application"))).Id!;

        using var unknownBlueprint = await caller.PostAsJsonAsync("/api/execution/validate",
            new { blueprintId = "0123456789abcdef0123456789abcdef", actionId = "apply", data = new { } });
        await ProblemAssert.IsProblemAsync(unknownBlueprint, HttpStatusCode.NotFound);
        using var unknownAction = await caller.PostAsJsonAsync("/api/execution/calculate", new { blueprintId = id, actionId = "nope", data = new { } });
        await ProblemAssert.IsProblemAsync(unknownAction, HttpStatusCode.NotFound);

        using var missing = await caller.PostAsJsonAsync("/api/execution/route", new { data = new { } });
        var problem = await ProblemAssert.ReadAsync(missing, HttpStatusCode.BadRequest);
        Assert.Equal(["actionId", "blueprintId"], ProblemAssert.ErrorKeys(problem).Order(StringComparer.Ordinal));

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
        var id = (await BlueprintFlows.CreateAsync(caller, draft)).Id!;

        using var response = await caller.PostAsJsonAsync("/api/execution/validate", new { blueprintId = id, actionId = "submit", data = new { } });
        var problem = await ProblemAssert.ReadAsync(response, HttpStatusCode.UnprocessableEntity);
        Assert.Contains(ProblemAssert.ErrorKeys(problem), k => k.StartsWith("/actions/0/dataSchema", StringComparison.Ordinal));
    }
}
