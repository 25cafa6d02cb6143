using System.Text.Json.Nodes;

namespace Sorcha.Blueprint.Service.Instances;

public sealed record CreateInstanceRequest(string? RegisterId, Dictionary<string, string?>? Participants);

public sealed record CreatedInstanceResponse(string InstanceId, string NextActionId);

/// <summary>GET /api/instances/{id}: where the instance stands and every transaction it produced, in order.</summary>
public sealed record InstanceDto(
    string InstanceId,
    string BlueprintId,
    int BlueprintVersion,
    string RegisterId,
    IReadOnlyDictionary<string, string> Participants,
    string Status,
    string? NextActionId,
    string? NextParticipant,
    IReadOnlyList<string> TxIds,
    IReadOnlyList<InstanceStep> Steps,
    DateTimeOffset CreatedAt,
    DateTimeOffset UpdatedAt);

public sealed record SubmitActionRequest(string? Sender, JsonNode? Data);

/// <summary>
/// The answer to an action: its transaction, where the instance goes next (null = complete), the calculated fields
/// (only those the blueprint computes, with their values) and the wallets that received an envelope.
/// </summary>
public sealed record SubmitActionResponse(
    string TxId,
    long Sequence,
    string? NextActionId,
    JsonObject Calculated,
    IReadOnlyList<string> Recipients);

/// <summary>What <c>POST /api/instances/{instanceId}/actions/{actionId}</c> binds.</summary>
public readonly record struct SubmitActionCall(string InstanceId, string ActionId, SubmitActionRequest Request, HttpContext Context);
