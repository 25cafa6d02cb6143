using System.Text.Json.Nodes;
using Sorcha.Blueprint.Service.Attachments;

namespace Sorcha.Blueprint.Service.Instances;

public sealed record CreateInstanceRequest(string? RegisterId, Dictionary<string, string?>? Participants);

public sealed record CreatedInstanceResponse(string InstanceId, string NextActionId);

/// <summary>
/// GET /api/instances/{id}: where the instance stands and every transaction it produced, in order. <see cref="State"/>
/// is open, completed or rejected; <see cref="Status"/> is the earlier spelling (active for open), kept for clients.
/// </summary>
public sealed record InstanceDto(
    string InstanceId,
    string BlueprintId,
    int BlueprintVersion,
    string RegisterId,
    IReadOnlyDictionary<string, string> Participants,
    string Status,
    string State,
    string? NextActionId,
    string? NextParticipant,
    IReadOnlyList<string> TxIds,
    IReadOnlyList<InstanceStep> Steps,
    DateTimeOffset CreatedAt,
    DateTimeOffset UpdatedAt);

/// <summary>An action's body: <see cref="Attachments"/> are files, disclosed and sealed like data (docs/api.md, "Attachments").</summary>
public sealed record SubmitActionRequest(string? Sender, JsonNode? Data, IReadOnlyList<AttachmentUpload?>? Attachments = null);

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

public sealed record RejectActionRequest(string? Sender, string? Reason);

/// <summary>The refusal's transaction and where the instance goes (null: it ended, rejected).</summary>
public sealed record RejectActionResponse(string TxId, long Sequence, string? NextActionId);

/// <summary>One instance in GET /api/instances: where it stands, without its steps (GET /api/instances/{id} has them).</summary>
public sealed record InstanceSummary(
    string InstanceId,
    string BlueprintId,
    int BlueprintVersion,
    string? BlueprintTitle,
    string RegisterId,
    string State,
    string? NextActionId,
    DateTimeOffset CreatedAt,
    DateTimeOffset UpdatedAt)
{
    public static InstanceSummary Of(IndexedInstance item, string? blueprintTitle) => new(item.Record.Id, item.Record.BlueprintId,
        item.Record.BlueprintVersion, blueprintTitle, item.Record.RegisterId, item.State, item.NextActionId, item.Record.CreatedAt,
        item.UpdatedAt);
}
