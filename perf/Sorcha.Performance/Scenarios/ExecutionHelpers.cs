using System.Text.Json.Nodes;
using Sorcha.Client;
using Sorcha.Performance.Engine;

namespace Sorcha.Performance.Scenarios;

/// <summary>
/// validate / calculate / route / disclose in turn on the published expense-approval sample with a real claim;
/// each answer is checked against what the blueprint says it must be.
/// </summary>
public sealed class ExecutionHelpers : LoadScenario
{
    // Built in code, never mutated: serializing it from many requests at once only reads it.
    private static readonly JsonObject Claim = new()
    {
        ["employeeName"] = "Ada Lovelace", ["employeeEmail"] = "ada@example.com", ["expenseDate"] = "2025-03-14",
        ["category"] = "travel", ["amount"] = 1500, ["currency"] = "GBP", ["description"] = "Flights to the partner summit",
    };

    private SorchaClient _client = null!;
    private string _blueprintId = "";
    private long _counter;

    public override string Name => "execution_helpers";
    public override double DefaultRate => 50;

    protected override async Task InitOnceAsync(LoadContext context, CancellationToken ct)
    {
        _client = await CallerAsync(context, "load-" + Name, ct);
        var created = await _client.Blueprints.CreateAsync(SampleBlueprints.Load("expense-approval.json"), ct);
        _blueprintId = created.Id!;
        await _client.Blueprints.PublishAsync(_blueprintId, ct);
    }

    public override async Task<bool> StepAsync(LoadContext context, CancellationToken ct)
    {
        var execution = _client.Execution;
        return (Interlocked.Increment(ref _counter) % 4) switch
        {
            0 => Expect((await execution.ValidateAsync(_blueprintId, "submit", Claim, ct)).Valid, "validate: the claim is not valid"),
            1 => Expect((await execution.CalculateAsync(_blueprintId, "submit", Claim, ct))["total"]?.GetValue<double>() == 1800,
                "calculate: total is not 1800"),
            2 => Expect((await execution.RouteAsync(_blueprintId, "submit", Claim, ct)).NextActionId == "approve", "route: not to approve"),
            _ => Expect((await execution.DiscloseAsync(_blueprintId, "submit", Claim, ct)).Count == 3, "disclose: not to 3 participants"),
        };
    }
}
