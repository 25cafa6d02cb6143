namespace Sorcha.Blueprint.Service.Instances;

/// <summary>What an instance was created with; never changes afterwards.</summary>
public sealed record InstanceRecord(
    string Id,
    string BlueprintId,
    int BlueprintVersion,
    string RegisterId,
    IReadOnlyDictionary<string, string> Participants,
    string CreatedBy,
    DateTimeOffset CreatedAt);

/// <summary>One committed action of an instance.</summary>
public sealed record InstanceStep(string ActionId, string Sender, string TxId, long Sequence, DateTimeOffset CommittedAt);

/// <summary>An instance now: <see cref="NextActionId"/> null means complete; <see cref="Step"/> counts committed actions.</summary>
public sealed record InstanceState(
    InstanceRecord Record,
    string? NextActionId,
    int Step,
    DateTimeOffset UpdatedAt,
    IReadOnlyList<InstanceStep> Steps);

/// <summary>The right to run one step, held while calling out; see InstanceStore.TryClaimNextAsync.</summary>
public sealed record StepClaim(string InstanceId, string ActionId, int Step, string Token);
