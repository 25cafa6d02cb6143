namespace Sorcha.Contracts.Instances;

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

/// <summary>One committed action of an instance; <see cref="Rejected"/>: the participant refused it (a Rejection transaction).</summary>
public sealed record InstanceStep(string ActionId, string Sender, string TxId, long Sequence, DateTimeOffset CommittedAt,
    bool Rejected = false);

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
    DateTimeOffset UpdatedAt);

/// <summary>
/// One open step in GET /api/inbox: the instance waits for <see cref="ActionId"/> from <see cref="Wallet"/>;
/// <see cref="Since"/>: when it became the instance's next step. Titles and the participant are null when the
/// blueprint version the instance runs is gone; the step still shows, as it is still open.
/// </summary>
public sealed record InboxItem(
    string InstanceId,
    string BlueprintId,
    int BlueprintVersion,
    string? BlueprintTitle,
    string ActionId,
    string? ActionTitle,
    string? Participant,
    string? Wallet,
    string RegisterId,
    DateTimeOffset Since);
