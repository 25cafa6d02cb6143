using System.Text.Json.Nodes;

namespace Sorcha.Blueprint.Service.Execution;

public sealed record ExecutionRequest(string? BlueprintId, string? ActionId, JsonNode? Data);

public sealed record CalculateResponse(JsonObject Data);

public sealed record RouteResponse(string? NextActionId, string? NextParticipant);

public sealed record DiscloseResponse(IReadOnlyDictionary<string, JsonObject> Disclosures);
