using Sorcha.Registers.Store;

namespace Sorcha.Blueprint.Service.Instances;

/// <summary>What the claim script answers first; the script returns these values by name.</summary>
internal enum ClaimReply
{
    Busy = 0,
    Moved = 1,
    Claimed = 2,
    Missing = 3,
    Waiting = 4,
}

/// <summary>What the create script answers: which quota refused it, or that it was created.</summary>
internal enum CreateReply
{
    TotalRefused = -1,
    OpenRefused = 0,
    Created = 1,
}

/// <summary>
/// The instance scripts, each a contract of keys, arguments and replies. The arguments are named once, at the top of
/// each script, in the order of the record that sends them (<see cref="ClaimNextArgs"/>, <see cref="AdvanceArgs"/>,
/// <see cref="CreateArgs"/>); reply codes come from the enums above, declared into the script, so neither side
/// spells a bare number. Scripts rather than WATCH/MULTI/EXEC: a conditional transaction costs a round trip for its
/// conditions and another for the EXEC. Every key of a script is under the instance's hash tag (one cluster slot).
/// </summary>
internal static class InstanceScripts
{
    /// <summary>
    /// KEYS claim, instance, pending → {Missing} | {Moved, next} | {Waiting} (only looked) | {Busy} |
    /// {Claimed, step, pending}.
    /// </summary>
    public static readonly string ClaimNext = LuaReplies.Declare<ClaimReply>() + """
        local claimKey, instanceKey, pendingKey = KEYS[1], KEYS[2], KEYS[3]
        local token, lifetimeMs, action, claim = unpack(ARGV)
        local state = redis.call('HMGET', instanceKey, 'next', 'step')
        if not state[2] then return {Missing} end
        if state[1] ~= action then return {Moved, state[1]} end
        if claim ~= '1' then return {Waiting} end
        if not redis.call('SET', claimKey, token, 'NX', 'PX', lifetimeMs) then return {Busy} end
        return {Claimed, state[2], redis.call('GET', pendingKey)}
        """;

    /// <summary>
    /// KEYS claim, instance, steps, pending, the inbox it leaves, the inbox it enters (ignored when it ends), the
    /// creator's open set, then (only when it ends) pairs of lists (open, ended) to move it between → 1 | 0.
    /// The step leaves one inbox and enters the next in the step that commits it: no inbox shows it done or misses it open.
    /// </summary>
    public const string Advance = """
        local claimKey, instanceKey, stepsKey, pendingKey, leftInbox, enteredInbox, openSet =
            KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5], KEYS[6], KEYS[7]
        local firstListPair = 8
        local token, action, step, stepJson, next, nextStep, updatedAt, id, nowMs, endState = unpack(ARGV)
        if redis.call('GET', claimKey) ~= token then return 0 end
        local state = redis.call('HMGET', instanceKey, 'next', 'step')
        if state[1] ~= action or state[2] ~= step then return 0 end
        redis.call('RPUSH', stepsKey, stepJson)
        redis.call('HSET', instanceKey, 'next', next, 'step', nextStep, 'updatedAt', updatedAt, 'since', nowMs)
        redis.call('DEL', claimKey, pendingKey)
        redis.call('ZREM', leftInbox, id)
        if endState == '' then
            redis.call('ZADD', enteredInbox, nowMs, id)
            return 1
        end
        redis.call('HSET', instanceKey, 'state', endState)
        redis.call('SREM', openSet, id)
        for i = firstListPair, #KEYS, 2 do
            local created = redis.call('ZSCORE', KEYS[i], id)
            if created then
                redis.call('ZREM', KEYS[i], id)
                redis.call('ZADD', KEYS[i + 1], created, id)
            end
        end
        return 1
        """;

    /// <summary>KEYS claim, pending; ARGV token, pending JSON → 1 | 0.</summary>
    public const string SavePending = """
        local token, pending = ARGV[1], ARGV[2]
        if redis.call('GET', KEYS[1]) ~= token then return 0 end
        redis.call('SET', KEYS[2], pending)
        return 1
        """;

    /// <summary>
    /// KEYS the creator's open set, its created count, instance, the first step's inbox, then every list it enters →
    /// <see cref="CreateReply"/>: the quotas' checks, the instance and every index it enters in one step.
    /// </summary>
    public static readonly string Create = LuaReplies.Declare<CreateReply>() + """
        local openSet, createdCount, instanceKey, firstInbox = KEYS[1], KEYS[2], KEYS[3], KEYS[4]
        local firstList = 5
        local id, openQuota, totalQuota, recordJson, firstAction, createdAt, createdMs = unpack(ARGV)
        local open, total = tonumber(openQuota), tonumber(totalQuota)
        if open > 0 and redis.call('SCARD', openSet) >= open then return OpenRefused end
        if total > 0 and tonumber(redis.call('GET', createdCount) or '0') >= total then return TotalRefused end
        redis.call('SADD', openSet, id)
        redis.call('INCR', createdCount)
        redis.call('HSET', instanceKey, 'record', recordJson, 'next', firstAction, 'step', 0, 'updatedAt', createdAt, 'state', 'open',
            'since', createdMs)
        redis.call('ZADD', firstInbox, createdMs, id)
        for i = firstList, #KEYS do redis.call('ZADD', KEYS[i], createdMs, id) end
        return Created
        """;
}
