using System.Net;
using System.Net.Http.Headers;
using System.Net.Http.Json;
using System.Text.Json;
using System.Text.Json.Nodes;
using Sorcha.Performance.Engine;

namespace Sorcha.Performance.Scenarios;

/// <summary>
/// validate / calculate / route / disclose in turn on the published expense-approval sample with a real claim;
/// each answer is checked against what the blueprint says it must be.
/// </summary>
public sealed class ExecutionHelpers : Scenario
{
    private static readonly JsonObject Claim = new()
    {
        ["employeeName"] = "Ada Lovelace", ["employeeEmail"] = "ada@example.com", ["expenseDate"] = "2025-03-14",
        ["category"] = "travel", ["amount"] = 1500, ["currency"] = "GBP", ["description"] = "Flights to the partner summit",
    };

    private AuthenticationHeaderValue _auth = null!;
    private string _blueprintId = "";
    private long _counter;

    public override string Name => "execution_helpers";
    public override double DefaultRate => 50;

    public override async Task InitAsync(LoadContext context, CancellationToken ct)
    {
        _auth = await context.AuthAsync("load-" + Name, ct);
        var sample = await File.ReadAllTextAsync(Path.Combine("samples", "blueprints", "expense-approval.json"), ct);
        using var created = await context.SendAsync(HttpMethod.Post, "/api/blueprints", JsonNode.Parse(sample)!, _auth, ct);
        if (created.StatusCode != HttpStatusCode.Created)
        {
            throw new InvalidOperationException($"{Name}: creating the blueprint failed with {(int)created.StatusCode}");
        }

        using (var document = JsonDocument.Parse(await created.Content.ReadAsStringAsync(ct)))
        {
            _blueprintId = document.RootElement.GetProperty("id").GetString()!;
        }

        using var published = await context.SendAsync(HttpMethod.Post, $"/api/blueprints/{_blueprintId}/publish", null, _auth, ct);
        if (published.StatusCode != HttpStatusCode.OK)
        {
            throw new InvalidOperationException($"{Name}: publishing failed with {(int)published.StatusCode}");
        }
    }

    public override async Task<bool> StepAsync(LoadContext context, CancellationToken ct)
    {
        var helper = (Interlocked.Increment(ref _counter) % 4) switch { 0 => "validate", 1 => "calculate", 2 => "route", _ => "disclose" };
        var body = new JsonObject { ["blueprintId"] = _blueprintId, ["actionId"] = "submit", ["data"] = Claim.DeepClone() };
        using var response = await context.SendAsync(HttpMethod.Post, $"/api/execution/{helper}", body, _auth, ct);
        if (response.StatusCode != HttpStatusCode.OK)
        {
            return false;
        }

        using var document = JsonDocument.Parse(await response.Content.ReadAsStringAsync(ct));
        var answer = document.RootElement;
        return helper switch
        {
            "validate" => answer.GetProperty("valid").GetBoolean(),
            "calculate" => answer.GetProperty("data").TryGetProperty("total", out _),
            "route" => answer.GetProperty("nextActionId").GetString() == "approve",
            _ => answer.GetProperty("disclosures").EnumerateObject().Count() == 3,
        };
    }
}
