using System.Text.Json;
using Sorcha.Contracts.Blueprints;
using StackExchange.Redis;

namespace Sorcha.Blueprint.Service.Blueprints;

/// <summary>What a blueprint write did: <see cref="Bytes"/> is what the blueprint is charged, its document's size.</summary>
public readonly record struct BlueprintWrite(BlueprintOutcome Outcome, long Bytes, BlueprintRecord? Stored = null);

public enum BlueprintOutcome
{
    Written,

    /// <summary>The blueprint changed since it was read; nothing was written.</summary>
    Conflict,

    /// <summary>The owner keeps as many blueprints as Limits:Quotas:Blueprints allows; nothing was written.</summary>
    TooMany,

    /// <summary>The owner's blueprints would take more than Limits:Quotas:BlueprintBytes; nothing was written.</summary>
    TooLarge,
}

/// <summary>
/// The owner's quota account (<see cref="BlueprintKeys.OfOwner"/>: each blueprint's charge, the version it was settled
/// at, the sum). A creation reserves its charge before the blueprint is written, checked in the same script; an edit
/// raises the charge before it writes (never past the byte quota) and settles it to what is stored after; a deletion
/// releases it. Each step is one script on the owner's slot, so concurrent writes by one owner cannot pass a quota.
/// </summary>
public sealed partial class BlueprintStore
{
    /// <summary>KEYS OfOwner; ARGV id, bytes, count quota, bytes quota (0: none) → 0 reserved, 1 too many, 2 too large.</summary>
    private const string ReserveScript = """
        local bytes = tonumber(ARGV[2])
        if tonumber(ARGV[3]) > 0 and redis.call('HLEN', KEYS[1]) >= tonumber(ARGV[3]) then return 1 end
        if tonumber(ARGV[4]) > 0 and tonumber(redis.call('GET', KEYS[3]) or '0') + bytes > tonumber(ARGV[4]) then return 2 end
        redis.call('HSET', KEYS[1], ARGV[1], bytes)
        redis.call('HSET', KEYS[2], ARGV[1], 1)
        redis.call('INCRBY', KEYS[3], bytes)
        return 0
        """;

    /// <summary>KEYS OfOwner; ARGV id, bytes, bytes quota → 0 (raised, or already as large), 2 too large. Never lowers.</summary>
    private const string GrowScript = """
        local old = tonumber(redis.call('HGET', KEYS[1], ARGV[1]) or '0')
        local bytes = tonumber(ARGV[2])
        if bytes <= old then return 0 end
        if tonumber(ARGV[3]) > 0 and tonumber(redis.call('GET', KEYS[3]) or '0') + bytes - old > tonumber(ARGV[3]) then return 2 end
        redis.call('HSET', KEYS[1], ARGV[1], bytes)
        redis.call('INCRBY', KEYS[3], bytes - old)
        return 0
        """;

    /// <summary>KEYS OfOwner; ARGV id, version, bytes: the charge of a stored version, unless a later one's is there or it was released.</summary>
    private const string SettleScript = """
        local old = redis.call('HGET', KEYS[1], ARGV[1])
        if not old or tonumber(redis.call('HGET', KEYS[2], ARGV[1]) or '0') > tonumber(ARGV[2]) then return 0 end
        redis.call('HSET', KEYS[1], ARGV[1], ARGV[3])
        redis.call('HSET', KEYS[2], ARGV[1], ARGV[2])
        redis.call('INCRBY', KEYS[3], tonumber(ARGV[3]) - tonumber(old))
        return 1
        """;

    /// <summary>KEYS OfOwner; ARGV id: the blueprint no longer counts (deleted, or never written).</summary>
    private const string ReleaseScript = """
        local old = redis.call('HGET', KEYS[1], ARGV[1])
        if not old then return 0 end
        redis.call('HDEL', KEYS[1], ARGV[1])
        redis.call('HDEL', KEYS[2], ARGV[1])
        redis.call('DECRBY', KEYS[3], old)
        return 1
        """;

    /// <summary>
    /// Replaces a draft as <see cref="TryReplaceAsync"/> does, if the owner's blueprints still fit the byte quota
    /// (0: none) with the new size. A lost race or a failure settles the charge to whatever is stored then.
    /// </summary>
    public async Task<BlueprintWrite> TryUpdateAsync(BlueprintRecord previous, BlueprintRecord next, long bytesQuota)
    {
        var (owner, id, bytes) = (previous.Owner, previous.Blueprint.Id, Charge(next.Blueprint));
        if ((long)await Db.ScriptEvaluateAsync(GrowScript, BlueprintKeys.OfOwner(owner), [id, bytes, bytesQuota]) != 0)
        {
            return new(BlueprintOutcome.TooLarge, bytes);
        }

        bool replaced;
        try
        {
            replaced = await TryReplaceAsync(previous, next);
        }
        catch (Exception e) when (e is RedisException or TimeoutException)
        {
            await SettleToStoredAsync(owner, id, bestEffort: true);
            throw;
        }

        if (!replaced)
        {
            await SettleToStoredAsync(owner, id);
            return new(BlueprintOutcome.Conflict, bytes);
        }

        await Db.ScriptEvaluateAsync(SettleScript, BlueprintKeys.OfOwner(owner), [id, next.Blueprint.Version, bytes]);
        return new(BlueprintOutcome.Written, bytes, next);
    }

    /// <summary>What a blueprint is charged: its document as stored, in bytes of JSON.</summary>
    private static long Charge(BlueprintDocument blueprint) => JsonSerializer.SerializeToUtf8Bytes(blueprint, Json).LongLength;

    private async Task<BlueprintOutcome> ReserveAsync(BlueprintRecord record, long bytes, long countQuota, long bytesQuota) =>
        (long)await Db.ScriptEvaluateAsync(ReserveScript, BlueprintKeys.OfOwner(record.Owner),
            [record.Blueprint.Id, bytes, countQuota, bytesQuota]) switch
        {
            0 => BlueprintOutcome.Written,
            1 => BlueprintOutcome.TooMany,
            _ => BlueprintOutcome.TooLarge,
        };

    private async Task ReleaseAsync(string owner, string id) =>
        await Db.ScriptEvaluateAsync(ReleaseScript, BlueprintKeys.OfOwner(owner), [id]);

    /// <summary>
    /// After a write that lost or whose outcome is unknown: the charge follows what is stored now, nothing if the
    /// blueprint is not there. The read queues behind the write on the same connection, so a write that lands at all
    /// lands first. With <paramref name="bestEffort"/>, a Redis that cannot answer leaves the charge as it was: the
    /// quota then errs towards refusing, never past its limit.
    /// </summary>
    private async Task SettleToStoredAsync(string owner, string id, bool bestEffort = false)
    {
        try
        {
            if (await GetAsync(id) is { } stored)
            {
                await Db.ScriptEvaluateAsync(SettleScript, BlueprintKeys.OfOwner(owner),
                    [id, stored.Blueprint.Version, Charge(stored.Blueprint)]);
            }
            else
            {
                await ReleaseAsync(owner, id);
            }
        }
        catch (Exception e) when (bestEffort && e is RedisException or TimeoutException)
        {
            // Redis is unreachable: leave the charge (above).
        }
    }
}
