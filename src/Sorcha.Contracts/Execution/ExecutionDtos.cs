using System.Text.Json.Nodes;

namespace Sorcha.Contracts.Execution;

/// <summary>The body of every execution helper: one action of a blueprint (its current document, draft or not) and the data.</summary>
public sealed record ExecutionRequest(string BlueprintId, string ActionId, JsonNode? Data);

/// <summary>calculate's answer: the data plus the calculated fields.</summary>
public sealed record CalculateResponse(JsonObject Data);

/// <summary>route's answer: the next action and its participant (both null when the instance would finish).</summary>
public sealed record RouteResponse(string? NextActionId, string? NextParticipant);

/// <summary>disclose's answer: participant id → exactly the fields disclosed to it.</summary>
public sealed record DiscloseResponse(IReadOnlyDictionary<string, JsonObject> Disclosures);

/// <summary>The body of POST /api/execution/validate: <c>{ "valid", "errors": [{ "pointer", "message" }] }</c>.</summary>
public sealed record DataValidationResult(bool Valid, IReadOnlyList<ValidationError> Errors)
{
    public static DataValidationResult Success { get; } = new(true, []);
}
