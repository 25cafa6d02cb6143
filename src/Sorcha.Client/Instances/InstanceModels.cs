using System.Text.Json.Nodes;
using Sorcha.Cryptography;

namespace Sorcha.Client;

public sealed record CreateInstanceRequest(string RegisterId, IReadOnlyDictionary<string, string> Participants);

public sealed record CreatedInstance(string InstanceId, string NextActionId);

/// <summary><c>GET /api/instances/{id}</c>: where an instance stands and every transaction it produced, in order.</summary>
public sealed record Instance(
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
    DateTimeOffset UpdatedAt)
{
    public bool IsComplete => NextActionId is null;
}

/// <summary>One committed step; <see cref="Rejected"/>: a Rejection transaction, the participant refused the action.</summary>
public sealed record InstanceStep(string ActionId, string Sender, string TxId, long Sequence, DateTimeOffset CommittedAt, bool Rejected = false);

/// <summary>One instance of <c>GET /api/instances</c>; <see cref="State"/> is open, completed or rejected.</summary>
public sealed record InstanceSummary(string InstanceId, string BlueprintId, int BlueprintVersion, string? BlueprintTitle,
    string RegisterId, string State, string? NextActionId, DateTimeOffset CreatedAt, DateTimeOffset UpdatedAt);

/// <summary>One open step of <c>GET /api/inbox</c>: the instance waits for <see cref="ActionId"/> from <see cref="Wallet"/>.</summary>
public sealed record InboxItem(string InstanceId, string BlueprintId, int BlueprintVersion, string? BlueprintTitle, string ActionId,
    string? ActionTitle, string? Participant, string? Wallet, string RegisterId, DateTimeOffset Since);

public sealed record RejectActionRequest(string Sender, string Reason);

/// <summary>The answer to a rejection: its committed Rejection transaction and where the instance goes (null: it ended, rejected).</summary>
public sealed record RejectionReceipt(string TxId, long Sequence, string? NextActionId);

public sealed record SubmitActionRequest(string Sender, JsonNode? Data, IReadOnlyList<AttachmentUpload>? Attachments = null);

/// <summary>A file sent with an action; disclosed like data by the pointers <c>/attachments</c>, <c>/attachments/N</c> or <c>/*</c>.</summary>
public sealed record AttachmentUpload(string Name, string ContentType, byte[] Content);

/// <summary>
/// The answer to an action: its committed transaction, where the instance goes next (null = complete), the fields the
/// action calculated, and the wallets that received an envelope.
/// </summary>
public sealed record ActionReceipt(string TxId, long Sequence, string? NextActionId, JsonObject Calculated, IReadOnlyList<string> Recipients);

/// <summary>
/// The payload of an action's transaction (metadata type <c>Action</c>): one envelope per disclosed participant, each
/// encrypting the JCS bytes of exactly the fields disclosed to it; open yours with <c>Wallets.DecryptAsync</c>.
/// <see cref="Attachments"/>: the action's files, absent when it had none.
/// </summary>
public sealed record ActionPayload(IReadOnlyList<Envelope> Envelopes, IReadOnlyList<PayloadAttachment>? Attachments = null);

/// <summary>
/// One file of an action, as signed into its transaction: its name, media type, size in bytes and SHA-256 (lowercase
/// hex) in the clear, and one envelope of its bytes per recipient wallet (<c>GET
/// /api/instances/{id}/attachments/{txId}/{index}</c> hands a recipient its own).
/// </summary>
public sealed record PayloadAttachment(string Name, string ContentType, long Size, string Sha256, IReadOnlyList<Envelope> Envelopes);
