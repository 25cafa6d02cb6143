using System.Text.Json.Nodes;

namespace Sorcha.Contracts.Instances;

/// <summary>
/// POST /api/blueprints/{id}/instances: the register, and a wallet address for every participant. Members are as the
/// contract requires them; a body that leaves one out or nulls it is a 400 naming it (the service checks, it does not
/// trust the annotation).
/// </summary>
public sealed record CreateInstanceRequest(string RegisterId, IReadOnlyDictionary<string, string> Participants);

public sealed record CreatedInstanceResponse(string InstanceId, string NextActionId);

/// <summary>An action's body: <see cref="Attachments"/> are files, disclosed and sealed like data (docs/api.md, "Attachments").</summary>
public sealed record SubmitActionRequest(string Sender, JsonNode? Data, IReadOnlyList<AttachmentUpload>? Attachments = null);

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

/// <summary>A refusal of the next action: the sender's wallet and why (1..1,000 characters).</summary>
public sealed record RejectActionRequest(string Sender, string Reason);

/// <summary>The refusal's transaction and where the instance goes (null: it ended, rejected).</summary>
public sealed record RejectActionResponse(string TxId, long Sequence, string? NextActionId);
