using Sorcha.Contracts.Instances;

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

/// <summary>
/// An instance now: <see cref="NextActionId"/> null means it ended, in <see cref="State"/>; <see cref="Step"/> counts
/// committed actions. Its steps are stored as the contract shows them (InstanceStep).
/// </summary>
public sealed record InstanceState(
    InstanceRecord Record,
    string? NextActionId,
    int Step,
    DateTimeOffset UpdatedAt,
    IReadOnlyList<InstanceStep> Steps,
    string State = InstanceStates.Open);

/// <summary>An instance's states, as the API spells them.</summary>
public static class InstanceStates
{
    public const string Open = "open";
    public const string Completed = "completed";
    public const string Rejected = "rejected";

    public static readonly IReadOnlyList<string> All = [Open, Completed, Rejected];
}

/// <summary>The right to run one step, held while calling out; see InstanceStore.TryClaimNextAsync.</summary>
public sealed record StepClaim(string InstanceId, string ActionId, int Step, string Token);
