using System.Text.Json;
using System.Text.Json.Serialization;
using StackExchange.Redis;

namespace Sorcha.Wallet.Service.Access;

/// <summary>
/// Reads and writes wallets' grants in Redis (key layout: <see cref="AccessKeys"/>). Nothing here is cached: every use
/// by a delegate reads its grant, so a revocation through any replica is seen by every replica's next request.
/// </summary>
public sealed class AccessStore(IConnectionMultiplexer redis)
{
    private static readonly JsonSerializerOptions Json = new(JsonSerializerDefaults.Web)
    {
        Converters = { new JsonStringEnumConverter() },
    };

    private IDatabase Db => redis.GetDatabase();

    /// <summary>
    /// Prunes the expired grants, then writes the subject's unless that would pass the quota (0: none). KEYS grants,
    /// expiries; ARGV subject, grant, expiresAt (ms, 0 = none), now (ms), quota → 0 refused, 1 added, 2 replaced.
    /// </summary>
    private const string PutScript = """
        local expired = redis.call('ZRANGEBYSCORE', KEYS[2], 0, ARGV[4])
        for _, subject in ipairs(expired) do redis.call('HDEL', KEYS[1], subject) end
        if #expired > 0 then redis.call('ZREMRANGEBYSCORE', KEYS[2], 0, ARGV[4]) end
        local existed = redis.call('HEXISTS', KEYS[1], ARGV[1])
        local quota = tonumber(ARGV[5])
        if existed == 0 and quota > 0 and redis.call('HLEN', KEYS[1]) >= quota then return 0 end
        redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
        if ARGV[3] == '0' then redis.call('ZREM', KEYS[2], ARGV[1]) else redis.call('ZADD', KEYS[2], ARGV[3], ARGV[1]) end
        return existed + 1
        """;

    /// <summary>KEYS grants, expiries; ARGV subject → the grant removed (or nil).</summary>
    private const string RevokeScript = """
        local grant = redis.call('HGET', KEYS[1], ARGV[1])
        if grant then
          redis.call('HDEL', KEYS[1], ARGV[1])
          redis.call('ZREM', KEYS[2], ARGV[1])
        end
        return grant
        """;

    public async Task<GrantWrite> PutAsync(string address, string subject, StoredGrant grant, DateTimeOffset now, long quota)
    {
        var expires = grant.ExpiresAt?.ToUnixTimeMilliseconds() ?? 0;
        var written = (long)await Db.ScriptEvaluateAsync(PutScript, [AccessKeys.Grants(address), AccessKeys.Expiries(address)],
            [subject, JsonSerializer.SerializeToUtf8Bytes(grant, Json), expires, now.ToUnixTimeMilliseconds(), quota]);
        if (written == 0)
        {
            return GrantWrite.OverQuota;
        }

        // The delegate's index is written after the grant (another slot): a grant whose index entry is lost still
        // works, and the owner's next PUT lists it again.
        await Db.SortedSetAddAsync(AccessKeys.Delegated(subject), address, expires);
        return written == 1 ? GrantWrite.Added : GrantWrite.Replaced;
    }

    /// <summary>The subject's grant on the wallet, live or expired, or null; read from Redis every time.</summary>
    public async Task<StoredGrant?> FindAsync(string address, string subject) =>
        Parse(await Db.HashGetAsync(AccessKeys.Grants(address), subject));

    /// <summary>Removes the subject's grant; true if a live one was there.</summary>
    public async Task<bool> RevokeAsync(string address, string subject, DateTimeOffset now)
    {
        var removed = Parse((RedisValue)await Db.ScriptEvaluateAsync(RevokeScript,
            [AccessKeys.Grants(address), AccessKeys.Expiries(address)], [subject]));
        await Db.SortedSetRemoveAsync(AccessKeys.Delegated(subject), address);
        return removed?.IsLive(now) == true;
    }

    /// <summary>The wallet's live grants by subject, in ordinal order (at most the quota's worth).</summary>
    public async Task<IReadOnlyList<(string Subject, StoredGrant Grant)>> ListAsync(string address, DateTimeOffset now)
    {
        var entries = await Db.HashGetAllAsync(AccessKeys.Grants(address));
        return [.. entries.Select(e => ((string)e.Name!, Parse(e.Value)))
            .Where(e => e.Item2?.IsLive(now) == true)
            .Select(e => (e.Item1, e.Item2!))
            .OrderBy(e => e.Item1, StringComparer.Ordinal)];
    }

    /// <summary>
    /// A page of the addresses delegated to <paramref name="subject"/> with live grants, and their total: expired entries
    /// are pruned first, and an entry whose grant is gone (revoked, or its wallet deleted) is dropped as it is met.
    /// </summary>
    public async Task<(IReadOnlyList<(string Address, StoredGrant Grant)> Items, long Total)> ListDelegatedAsync(
        string subject, DateTimeOffset now, long skip, int take)
    {
        var index = AccessKeys.Delegated(subject);
        await Db.SortedSetRemoveRangeByScoreAsync(index, 1, now.ToUnixTimeMilliseconds());
        var total = await Db.SortedSetLengthAsync(index);
        var addresses = await Db.SortedSetRangeByRankAsync(index, skip, skip + take - 1);
        var grants = await Task.WhenAll(addresses.Select(a => FindAsync(a!, subject)));
        var items = new List<(string, StoredGrant)>();
        for (var i = 0; i < addresses.Length; i++)
        {
            if (grants[i] is { } grant && grant.IsLive(now))
            {
                items.Add((addresses[i]!, grant));
            }
            else
            {
                await Db.SortedSetRemoveAsync(index, addresses[i]);
                total--;
            }
        }

        return (items, total);
    }

    /// <summary>A wallet's deletion: every grant it made, and each delegate's index entry for it.</summary>
    public async Task DropAllAsync(string address)
    {
        var subjects = await Db.HashKeysAsync(AccessKeys.Grants(address));
        await Task.WhenAll(subjects.Select(s => Db.SortedSetRemoveAsync(AccessKeys.Delegated(s!), address)));
        await Db.KeyDeleteAsync(AccessKeys.Grants(address));
        await Db.KeyDeleteAsync(AccessKeys.Expiries(address));
    }

    private static StoredGrant? Parse(RedisValue value) =>
        value.IsNull ? null : JsonSerializer.Deserialize<StoredGrant>((byte[])value!, Json);
}

/// <summary>What <see cref="AccessStore.PutAsync"/> did.</summary>
public enum GrantWrite
{
    Added,
    Replaced,

    /// <summary>The wallet has as many grants as Limits:Quotas:WalletGrants allows; nothing was written.</summary>
    OverQuota,
}
