using System.Globalization;
using System.Text.Json;
using Sorcha.ApiPlatform.Limits;
using Sorcha.ApiPlatform.Memory;
using Sorcha.Contracts.Instances;
using StackExchange.Redis;

namespace Sorcha.Blueprint.Service.Instances;

public enum ClaimOutcome
{
    Claimed,

    /// <summary>Another submission holds the step right now.</summary>
    Busy,

    /// <summary>The instance is no longer at that action (it moved on or finished).</summary>
    Moved,

    /// <summary>Only looked (<see cref="InstanceStore.TryClaimNextAsync"/> without claiming): the instance waits for that action.</summary>
    Waiting,

    /// <summary>No such instance.</summary>
    Missing,
}

/// <summary>
/// What <see cref="InstanceStore.TryClaimNextAsync"/> found: <see cref="NextActionId"/> is the action the instance waits
/// for (null: it ended); <see cref="Claim"/> and <see cref="Pending"/> are set only when <see cref="Outcome"/> is Claimed.
/// </summary>
public readonly record struct ClaimAttempt(ClaimOutcome Outcome, string? NextActionId, StepClaim? Claim, PendingStep? Pending);

/// <summary>
/// Reads and writes instances in Redis; the key layout is <see cref="InstanceKeys"/>.
/// A submission claims the step (<see cref="TryClaimNextAsync"/>) before calling other services, so two submissions of one step cannot both commit:
/// the second finds the claim taken (Busy) or, once it is released, the instance moved on (Moved). Advancing is one
/// script guarded by the claim token and the expected action and step, and deletes the claim in the same step.
/// The scripts and their contracts are <see cref="InstanceScripts"/>.
/// </summary>
public sealed class InstanceStore(IConnectionMultiplexer redis)
{
    /// <summary>
    /// How long a claim lives if its holder dies. Longer than the submission deadline (ActionFlow.Deadline), so
    /// a live holder never loses it; a crashed one blocks the step for at most this long.
    /// </summary>
    public static readonly TimeSpan ClaimLifetime = TimeSpan.FromSeconds(60);

    private static readonly JsonSerializerOptions Json = new(JsonSerializerDefaults.Web);

    /// <summary>Instance records kept in memory at most (they never change); when full the set is simply emptied.</summary>
    public const int MaxRemembered = 10_000;

    private readonly BoundedMap<string, InstanceRecord> _records = new(MaxRemembered, comparer: StringComparer.Ordinal);

    private IDatabase Db => redis.GetDatabase();

    /// <summary>
    /// Writes a new instance, waiting for <paramref name="firstActionId"/> from <paramref name="firstWallet"/>, unless its
    /// creator has <paramref name="openQuota"/> open ones or has created <paramref name="totalQuota"/> in all (0: no
    /// quota): then the quota that refused, with nothing written.
    /// </summary>
    public async Task<Quota?> TryCreateAsync(InstanceRecord record, string firstActionId, string firstWallet, Quota openQuota, Quota totalQuota)
    {
        var created = record.CreatedAt.ToUnixTimeMilliseconds();
        RedisKey[] keys =
        [
            InstanceKeys.OpenOf(record.CreatedBy), InstanceKeys.CreatedBy(record.CreatedBy), InstanceKeys.Instance(record.Id),
            InstanceKeys.Inbox(firstWallet), .. WorkLists.Of(record, WorkLists.All), .. WorkLists.Of(record, InstanceStates.Open),
        ];
        var args = new CreateArgs(record.Id, openQuota.Limit, totalQuota.Limit, JsonSerializer.Serialize(record, Json), firstActionId,
            record.CreatedAt.ToString("O", CultureInfo.InvariantCulture), created);
        var outcome = (CreateReply)(long)await Db.ScriptEvaluateAsync(InstanceScripts.Create, keys, args.Values);
        if (outcome != CreateReply.Created)
        {
            return outcome == CreateReply.OpenRefused ? openQuota : totalQuota;
        }

        _records.TryAdd(record.Id, record); // its first action then needs no read of it
        return null;
    }

    public async Task<InstanceState?> GetAsync(string id)
    {
        // Both reads go out together: one round trip (a missing instance just reads an empty list too).
        var reading = Db.HashGetAsync(InstanceKeys.Instance(id), ["record", "next", "step", "updatedAt", "state"]);
        var stepsReading = Db.ListRangeAsync(InstanceKeys.Steps(id));
        var (fields, steps) = (await reading, await stepsReading);
        if (fields[0].IsNull)
        {
            return null;
        }

        var next = (string?)fields[1];
        return new InstanceState(
            JsonSerializer.Deserialize<InstanceRecord>((string)fields[0]!, Json)!,
            string.IsNullOrEmpty(next) ? null : next,
            (int)fields[2],
            DateTimeOffset.Parse((string)fields[3]!, CultureInfo.InvariantCulture),
            [.. steps.Select(s => JsonSerializer.Deserialize<InstanceStep>((string)s!, Json)!)],
            (string?)fields[4] ?? InstanceStates.Open);
    }

    /// <summary>
    /// What an action needs of its instance: the record (it never changes, so it is read and parsed once per process,
    /// <see cref="MaxRemembered"/> at most), the next action and the step, in one command. Not the committed steps nor
    /// <see cref="InstanceState.UpdatedAt"/>: <see cref="InstanceState.Steps"/> is empty and UpdatedAt is the default.
    /// </summary>
    public async Task<InstanceState?> GetForActionAsync(string id)
    {
        var key = InstanceKeys.Instance(id);
        if (_records.TryGetValue(id, out var record))
        {
            var now = await Db.HashGetAsync(key, ["next", "step"]);
            return now[1].IsNull ? null : new InstanceState(record, NextOf(now[0]), (int)now[1], default, []);
        }

        var fields = await Db.HashGetAsync(key, ["record", "next", "step"]);
        if (fields[0].IsNull)
        {
            return null;
        }

        record = JsonSerializer.Deserialize<InstanceRecord>((string)fields[0]!, Json)!;
        _records.TryAdd(record.Id, record);
        return new InstanceState(record, NextOf(fields[1]), (int)fields[2], default, []);
    }

    /// <summary>The instance's record if this process created or read it before (<see cref="GetForActionAsync"/>), without I/O.</summary>
    public InstanceRecord? Remembered(string id) => _records.TryGetValue(id, out var record) ? record : null;

    /// <summary>
    /// Where the instance stands and, if it waits for <paramref name="actionId"/> and <paramref name="claim"/> is set, the
    /// step's claim and pending transaction, in one script (one round trip): for a submission whose every other check is
    /// already done. Not at that action: Moved with the action it waits for (null: complete), nothing taken;
    /// <paramref name="claim"/> false: Waiting, nothing taken; another submission holds the step: Busy.
    /// </summary>
    public async Task<ClaimAttempt> TryClaimNextAsync(string id, string actionId, bool claim)
    {
        var args = new ClaimNextArgs(Guid.NewGuid().ToString("N"), (long)ClaimLifetime.TotalMilliseconds, actionId, claim);
        var reply = (RedisResult[])(await Db.ScriptEvaluateAsync(InstanceScripts.ClaimNext,
            [InstanceKeys.Claim(id), InstanceKeys.Instance(id), InstanceKeys.Pending(id)], args.Values))!;
        switch ((ClaimReply)(int)reply[0])
        {
            case ClaimReply.Missing: return new(ClaimOutcome.Missing, null, null, null);
            case ClaimReply.Moved: return new(ClaimOutcome.Moved, NextOf((RedisValue)reply[1]), null, null);
            case ClaimReply.Waiting: return new(ClaimOutcome.Waiting, actionId, null, null);
            case ClaimReply.Busy: return new(ClaimOutcome.Busy, actionId, null, null);
        }

        var taken = new StepClaim(id, actionId, (int)reply[1], args.Token);
        return new(ClaimOutcome.Claimed, actionId, taken, PendingOf(taken, reply[2]));
    }

    private static string? NextOf(RedisValue next) => next.IsNullOrEmpty ? null : (string?)next;

    private static PendingStep? PendingOf(StepClaim claim, RedisResult stored)
    {
        var pending = stored.IsNull ? null : JsonSerializer.Deserialize<PendingStep>((string)stored!, Json);

        // Advancing deletes it, so a pending step always belongs to the current step; checked rather than assumed.
        return pending is not null && pending.ActionId == claim.ActionId && pending.Step == claim.Step ? pending : null;
    }

    /// <summary>
    /// Records the committed step, moves to <paramref name="nextActionId"/> and drops the claim and the pending
    /// transaction, only while the claim is ours and the instance is still at the claimed action and step. In the same
    /// script the step leaves its wallet's inbox and the next enters its own; an instance that ends
    /// (<paramref name="endState"/> not null) leaves its creator's open set and moves to that state's lists.
    /// </summary>
    public async Task<bool> TryAdvanceAsync(StepClaim claim, InstanceStep step, InstanceRecord instance, string from,
        string? nextActionId, string? nextWallet, string? endState)
    {
        var id = claim.InstanceId;
        var keys = new List<RedisKey>
        {
            InstanceKeys.Claim(id), InstanceKeys.Instance(id), InstanceKeys.Steps(id), InstanceKeys.Pending(id),
            InstanceKeys.Inbox(from), InstanceKeys.Inbox(nextWallet ?? from), InstanceKeys.OpenOf(instance.CreatedBy),
        };
        if (endState is not null)
        {
            keys.AddRange(WorkLists.Of(instance, InstanceStates.Open).Zip(WorkLists.Of(instance, endState)).SelectMany(p => new[] { p.First, p.Second }));
        }

        var args = new AdvanceArgs(claim.Token, claim.ActionId, claim.Step, JsonSerializer.Serialize(step, Json), nextActionId ?? "",
            claim.Step + 1, step.CommittedAt.ToString("O", CultureInfo.InvariantCulture), id, step.CommittedAt.ToUnixTimeMilliseconds(),
            endState ?? "");
        return (long)await Db.ScriptEvaluateAsync(InstanceScripts.Advance, [.. keys], args.Values) == 1;
    }

    /// <summary>Keeps the signed transaction before it is committed; false if the claim is no longer ours.</summary>
    public async Task<bool> SavePendingAsync(StepClaim claim, PendingStep pending) =>
        (long)await Db.ScriptEvaluateAsync(InstanceScripts.SavePending,
            [InstanceKeys.Claim(claim.InstanceId), InstanceKeys.Pending(claim.InstanceId)],
            [claim.Token, JsonSerializer.Serialize(pending, Json)]) == 1;

    /// <summary>
    /// Gives the step back, only if the claim is still ours. The pending transaction stays unless
    /// <paramref name="discardPending"/>: it is dropped only when it was certainly not committed (refused, or never sent).
    /// </summary>
    public async Task ReleaseAsync(StepClaim claim, bool discardPending = false)
    {
        var transaction = Db.CreateTransaction();
        transaction.AddCondition(Condition.StringEqual(InstanceKeys.Claim(claim.InstanceId), claim.Token));
        _ = transaction.KeyDeleteAsync(InstanceKeys.Claim(claim.InstanceId));
        if (discardPending)
        {
            _ = transaction.KeyDeleteAsync(InstanceKeys.Pending(claim.InstanceId));
        }

        await transaction.ExecuteAsync();
    }
}
