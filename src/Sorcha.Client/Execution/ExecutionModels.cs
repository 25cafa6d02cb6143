using System.Text.Json.Nodes;

namespace Sorcha.Client;

public sealed record ExecutionRequest(string BlueprintId, string ActionId, JsonNode? Data);

/// <summary>validate's answer: every failing JSON Pointer into the data, with its message.</summary>
public sealed record DataValidation(bool Valid, IReadOnlyList<DataError> Errors);

// CA1720 dislikes "Pointer" as a name; it is the wire name api.md fixes (a JSON Pointer).
#pragma warning disable CA1720
public sealed record DataError(string Pointer, string Message);
#pragma warning restore CA1720

public sealed record CalculateResponse(JsonObject Data);

/// <summary>route's answer: the next action and its participant (both null when the instance would finish).</summary>
public sealed record RouteDecision(string? NextActionId, string? NextParticipant);

public sealed record DiscloseResponse(IReadOnlyDictionary<string, JsonObject> Disclosures);
