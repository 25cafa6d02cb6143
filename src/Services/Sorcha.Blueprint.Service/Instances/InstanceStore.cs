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
/// Reads and writes instances in Redis; the key layout is <see cref="InstanceKeys"/>.
/// A submission claims the step (<see cref="TryClaimNextAsync"/>) before calling other services, so two submissions of one step cannot both commit:
/// the second finds the claim taken (Busy) or, once it is released, the instance moved on (Moved). Advancing is one
/// script guarded by the claim token and the expected action and step, and deletes the claim in the same step.
/// </summary>
public sealed class InstanceStore(IConnectionMultiplexer redis)
{
    /// <summary>
    /// How long a claim lives if its holder dies. Longer than the submission deadline (ActionFlow.Deadline), so
    /// a live holder never loses it; a crashed one blocks the step for at most this long.
    /// </summary>
    public static readonly TimeSpan ClaimLifetime = TimeSpan.FromSeconds(60);

    private static readonly JsonSerializerOptions Json = new(JsonSerializerDefaults.Web);

    // Scripts rather than WATCH/MULTI/EXEC: a conditional transaction costs a round trip for its conditions and another
    // for the EXEC. Every key of a script is under the instance's hash tag (one cluster slot).

    /// <summary>
    /// KEYS claim, instance, pending; ARGV token, lifetime ms, action, claim (1) or only look (0) →
    /// {3} no instance | {1, next} not at that action | {4} at it (only looked) | {0} busy | {2, step, pending}.
    /// </summary>
    private const string ClaimNextScript = """
        local state = redis.call('HMGET', KEYS[2], 'next', 'step')
        if not state[2] then return {3} end
        if state[1] ~= ARGV[3] then return {1, state[1]} end
        if ARGV[4] ~= '1' then return {4} end
        if not redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then return {0} end
        return {2, state[2], redis.call('GET', KEYS[3])}
        """;

    /// <summary>
    /// KEYS claim, instance, steps, pending, the inbox it leaves, the inbox it enters (ignored when it ends), the creator's
    /// open set, then (only when it ends) pairs of lists (open, ended) to move it between; ARGV token, action, step,
    /// step JSON, next ("" = ends), next step, updatedAt, instance id, now (ms), end state ("" = goes on) → 1 | 0.
    /// The step leaves one inbox and enters the next in the step that commits it: no inbox shows it done or misses it open.
    /// </summary>
    private const string AdvanceScript = """
        if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
        local state = redis.call('HMGET', KEYS[2], 'next', 'step')
        if state[1] ~= ARGV[2] or state[2] ~= ARGV[3] then return 0 end
        redis.call('RPUSH', KEYS[3], ARGV[4])
        redis.call('HSET', KEYS[2], 'next', ARGV[5], 'step', ARGV[6], 'updatedAt', ARGV[7], 'since', ARGV[9])
        redis.call('DEL', KEYS[1], KEYS[4])
        redis.call('ZREM', KEYS[5], ARGV[8])
        if ARGV[10] == '' then
            redis.call('ZADD', KEYS[6], ARGV[9], ARGV[8])
            return 1
        end
        redis.call('HSET', KEYS[2], 'state', ARGV[10])
        redis.call('SREM', KEYS[7], ARGV[8])
        for i = 8, #KEYS, 2 do
            local created = redis.call('ZSCORE', KEYS[i], ARGV[8])
            if created then
                redis.call('ZREM', KEYS[i], ARGV[8])
                redis.call('ZADD', KEYS[i + 1], created, ARGV[8])
            end
        end
        return 1
        """;

    /// <summary>KEYS claim, pending; ARGV token, pending JSON → 1 | 0.</summary>
    private const string SavePendingScript = """
        if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
        redis.call('SET', KEYS[2], ARGV[2])
        return 1
        """;

    /// <summary>
    /// KEYS the creator's open set, its created count, instance, the first step's inbox, then every list it enters; ARGV
    /// id, open quota, total quota (0: none), record JSON, first action, createdAt, createdAt (ms) → 0 refused (open), -1
    /// refused (total), 1 created: the quotas' checks, the instance and every index it enters in one step.
    /// </summary>
    private const string CreateScript = """
        local open, total = tonumber(ARGV[2]), tonumber(ARGV[3])
        if open > 0 and redis.call('SCARD', KEYS[1]) >= open then return 0 end
        if total > 0 and tonumber(redis.call('GET', KEYS[2]) or '0') >= total then return -1 end
        redis.call('SADD', KEYS[1], ARGV[1])
        redis.call('INCR', KEYS[2])
        redis.call('HSET', KEYS[3], 'record', ARGV[4], 'next', ARGV[5], 'step', 0, 'updatedAt', ARGV[6], 'state', 'open',
            'since', ARGV[7])
        redis.call('ZADD', KEYS[4], ARGV[7], ARGV[1])
        for i = 5, #KEYS do redis.call('ZADD', KEYS[i], ARGV[7], ARGV[1]) end
        return 1
        """;

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
        var outcome = (long)await Db.ScriptEvaluateAsync(CreateScript, keys,
            [record.Id, openQuota.Limit, totalQuota.Limit, JsonSerializer.Serialize(record, Json), firstActionId,
                record.CreatedAt.ToString("O", CultureInfo.InvariantCulture), created]);
        if (outcome != 1)
        {
            return outcome == 0 ? openQuota : totalQuota;
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
    public async Task<(ClaimOutcome Outcome, string? NextActionId, StepClaim? Claim, PendingStep? Pending)> TryClaimNextAsync(
        string id, string actionId, bool claim)
    {
        var token = Guid.NewGuid().ToString("N");
        var reply = (RedisResult[])(await Db.ScriptEvaluateAsync(ClaimNextScript,
            [InstanceKeys.Claim(id), InstanceKeys.Instance(id), InstanceKeys.Pending(id)],
            [token, (long)ClaimLifetime.TotalMilliseconds, actionId, claim ? 1 : 0]))!;
        switch ((int)reply[0])
        {
            case 3: return (ClaimOutcome.Missing, null, null, null);
            case 1: return (ClaimOutcome.Moved, NextOf((RedisValue)reply[1]), null, null);
            case 4: return (ClaimOutcome.Waiting, actionId, null, null);
            case 0: return (ClaimOutcome.Busy, actionId, null, null);
        }

        var taken = new StepClaim(id, actionId, (int)reply[1], token);
        return (ClaimOutcome.Claimed, actionId, taken, PendingOf(taken, reply[2]));
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

        return (long)await Db.ScriptEvaluateAsync(AdvanceScript, [.. keys],
        [
            claim.Token, claim.ActionId, claim.Step, JsonSerializer.Serialize(step, Json), nextActionId ?? "", claim.Step + 1,
            step.CommittedAt.ToString("O", CultureInfo.InvariantCulture), id, step.CommittedAt.ToUnixTimeMilliseconds(), endState ?? "",
        ]) == 1;
    }

    /// <summary>Keeps the signed transaction before it is committed; false if the claim is no longer ours.</summary>
    public async Task<bool> SavePendingAsync(StepClaim claim, PendingStep pending) =>
        (long)await Db.ScriptEvaluateAsync(SavePendingScript,
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
