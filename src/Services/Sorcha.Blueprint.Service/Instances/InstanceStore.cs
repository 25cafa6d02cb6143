using System.Globalization;
using System.Text.Json;
using StackExchange.Redis;

namespace Sorcha.Blueprint.Service.Instances;

public enum ClaimOutcome
{
    Claimed,

    /// <summary>Another submission holds the step right now.</summary>
    Busy,

    /// <summary>The instance is no longer at that action (it moved on or finished).</summary>
    Moved,
}

/// <summary>
/// Owns the instance keys in Redis, all under the hash tag <c>{inst:&lt;id&gt;}</c>:
/// <c>{inst:&lt;id&gt;}</c> hash (<c>record</c> JSON, <c>next</c> action id or "" when complete, <c>step</c>, <c>updatedAt</c>),
/// <c>{inst:&lt;id&gt;}:steps</c> list of committed steps (JSON, in order), <c>{inst:&lt;id&gt;}:claim</c>, the
/// per-instance step claim (a random token, SET NX with a TTL), and <c>{inst:&lt;id&gt;}:pending</c>, the current
/// step's signed transaction while its commit is outstanding (<see cref="PendingStep"/>).
/// A submission claims the step before calling other services, so two submissions of one step cannot both commit:
/// the second finds the claim taken (Busy) or, once it is released, the instance moved on (Moved). Advancing is one
/// script guarded by the claim token and the expected action and step, and deletes the claim in the same step.
/// </summary>
public sealed class InstanceStore(IConnectionMultiplexer redis)
{
    /// <summary>
    /// How long a claim lives if its holder dies. Longer than the submission deadline (ActionSubmission.Deadline), so
    /// a live holder never loses it; a crashed one blocks the step for at most this long.
    /// </summary>
    public static readonly TimeSpan ClaimLifetime = TimeSpan.FromSeconds(60);

    private static readonly JsonSerializerOptions Json = new(JsonSerializerDefaults.Web);

    // Scripts rather than WATCH/MULTI/EXEC: a conditional transaction costs a round trip for its conditions and another
    // for the EXEC. Every key of a script is under the instance's hash tag (one cluster slot).

    /// <summary>KEYS claim, instance, pending; ARGV token, lifetime ms, action → {0} busy | {1} moved | {2, step, pending}.</summary>
    private const string ClaimScript = """
        if not redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then return {0} end
        local state = redis.call('HMGET', KEYS[2], 'next', 'step')
        if state[1] ~= ARGV[3] then
          redis.call('DEL', KEYS[1])
          return {1}
        end
        return {2, state[2], redis.call('GET', KEYS[3])}
        """;

    /// <summary>KEYS claim, instance, steps, pending; ARGV token, action, step, step JSON, next, next step, updatedAt → 1 | 0.</summary>
    private const string AdvanceScript = """
        if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
        local state = redis.call('HMGET', KEYS[2], 'next', 'step')
        if state[1] ~= ARGV[2] or state[2] ~= ARGV[3] then return 0 end
        redis.call('RPUSH', KEYS[3], ARGV[4])
        redis.call('HSET', KEYS[2], 'next', ARGV[5], 'step', ARGV[6], 'updatedAt', ARGV[7])
        redis.call('DEL', KEYS[1], KEYS[4])
        return 1
        """;

    /// <summary>KEYS claim, pending; ARGV token, pending JSON → 1 | 0.</summary>
    private const string SavePendingScript = """
        if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
        redis.call('SET', KEYS[2], ARGV[2])
        return 1
        """;

    private IDatabase Db => redis.GetDatabase();

    public async Task CreateAsync(InstanceRecord record, string firstActionId)
    {
        await Db.HashSetAsync(Key(record.Id),
        [
            new("record", JsonSerializer.Serialize(record, Json)),
            new("next", firstActionId),
            new("step", 0),
            new("updatedAt", record.CreatedAt.ToString("O", CultureInfo.InvariantCulture)),
        ]);
    }

    public async Task<InstanceState?> GetAsync(string id)
    {
        // Both reads go out together: one round trip (a missing instance just reads an empty list too).
        var reading = Db.HashGetAsync(Key(id), ["record", "next", "step", "updatedAt"]);
        var stepsReading = Db.ListRangeAsync(StepsKey(id));
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
            [.. steps.Select(s => JsonSerializer.Deserialize<InstanceStep>((string)s!, Json)!)]);
    }

    /// <summary>
    /// Takes the step claim, checks under it that the instance still waits for <paramref name="actionId"/> (else gives
    /// it back) and reads the step's pending transaction, in one script: one round trip.
    /// </summary>
    public async Task<(ClaimOutcome Outcome, StepClaim? Claim, PendingStep? Pending)> TryClaimAsync(string id, string actionId)
    {
        var token = Guid.NewGuid().ToString("N");
        var reply = (RedisResult[])(await Db.ScriptEvaluateAsync(ClaimScript, [ClaimKey(id), Key(id), PendingKey(id)],
            [token, (long)ClaimLifetime.TotalMilliseconds, actionId]))!;
        var outcome = (int)reply[0];
        if (outcome != 2)
        {
            return (outcome == 0 ? ClaimOutcome.Busy : ClaimOutcome.Moved, null, null);
        }

        var claim = new StepClaim(id, actionId, (int)reply[1], token);
        var pending = reply[2].IsNull ? null : JsonSerializer.Deserialize<PendingStep>((string)reply[2]!, Json);

        // Advancing deletes it, so a pending step always belongs to the current step; checked rather than assumed.
        return (ClaimOutcome.Claimed, claim, pending is not null && pending.ActionId == actionId && pending.Step == claim.Step ? pending : null);
    }

    /// <summary>
    /// Records the committed step, moves to <paramref name="nextActionId"/> (null = complete) and drops the claim and the
    /// pending transaction; only while the claim is ours and the instance is still at the claimed action and step.
    /// </summary>
    public async Task<bool> TryAdvanceAsync(StepClaim claim, InstanceStep step, string? nextActionId)
    {
        var id = claim.InstanceId;
        return (long)await Db.ScriptEvaluateAsync(AdvanceScript, [ClaimKey(id), Key(id), StepsKey(id), PendingKey(id)],
        [
            claim.Token, claim.ActionId, claim.Step, JsonSerializer.Serialize(step, Json), nextActionId ?? "", claim.Step + 1,
            step.CommittedAt.ToString("O", CultureInfo.InvariantCulture),
        ]) == 1;
    }

    /// <summary>Keeps the signed transaction before it is committed; false if the claim is no longer ours.</summary>
    public async Task<bool> SavePendingAsync(StepClaim claim, PendingStep pending) =>
        (long)await Db.ScriptEvaluateAsync(SavePendingScript, [ClaimKey(claim.InstanceId), PendingKey(claim.InstanceId)],
            [claim.Token, JsonSerializer.Serialize(pending, Json)]) == 1;

    /// <summary>
    /// Gives the step back, only if the claim is still ours. The pending transaction stays unless
    /// <paramref name="discardPending"/>: it is dropped only when it was certainly not committed (refused, or never sent).
    /// </summary>
    public async Task ReleaseAsync(StepClaim claim, bool discardPending = false)
    {
        var transaction = Db.CreateTransaction();
        transaction.AddCondition(Condition.StringEqual(ClaimKey(claim.InstanceId), claim.Token));
        _ = transaction.KeyDeleteAsync(ClaimKey(claim.InstanceId));
        if (discardPending)
        {
            _ = transaction.KeyDeleteAsync(PendingKey(claim.InstanceId));
        }

        await transaction.ExecuteAsync();
    }

    private static RedisKey Key(string id) => $"{{inst:{id}}}";

    private static RedisKey StepsKey(string id) => $"{{inst:{id}}}:steps";

    private static RedisKey ClaimKey(string id) => $"{{inst:{id}}}:claim";

    private static RedisKey PendingKey(string id) => $"{{inst:{id}}}:pending";
}
