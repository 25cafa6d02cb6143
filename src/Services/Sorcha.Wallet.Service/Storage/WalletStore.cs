using System.Text.Json;
using System.Text.Json.Serialization;
using StackExchange.Redis;

namespace Sorcha.Wallet.Service.Storage;

/// <summary>
/// Reads and writes wallets in Redis; the key layout is <see cref="WalletRedisKeys"/>. Records read are served from
/// memory for a short lease (<see cref="RecordLeases"/>), which is why a deletion waits before it returns.
/// </summary>
public sealed partial class WalletStore(IConnectionMultiplexer redis, RecordLeases leases, TimeProvider clock)
{
    private static readonly JsonSerializerOptions Json = new(JsonSerializerDefaults.Web)
    {
        Converters = { new JsonStringEnumConverter() },
    };

    private IDatabase Db => redis.GetDatabase();

    /// <summary>
    /// Reserves the address in the owner's index unless it holds <c>ARGV[3]</c> addresses already (0: no quota); the
    /// index is the owner's wallet count. KEYS index; ARGV address, score, quota → 0 refused, 1 listed already, 2 added.
    /// </summary>
    private const string ReserveScript = """
        if redis.call('ZSCORE', KEYS[1], ARGV[1]) then return 1 end
        local quota = tonumber(ARGV[3])
        if quota > 0 and redis.call('ZCARD', KEYS[1]) >= quota then return 0 end
        redis.call('ZADD', KEYS[1], ARGV[2], ARGV[1])
        return 2
        """;

    /// <summary>
    /// Creates the wallet if its owner has room for one more (<paramref name="quota"/>, 0: no quota). The address is
    /// reserved in the owner's index first, checked and added in one script, so concurrent creations by one owner
    /// cannot pass the quota together; then the wallet is written. A wallet that is not written gives its slot back.
    /// </summary>
    public async Task<WalletCreation> TryCreateAsync(WalletRecord wallet, long quota)
    {
        var index = WalletRedisKeys.Owner(wallet.Owner);
        var reserved = (long)await Db.ScriptEvaluateAsync(ReserveScript, [index],
            [wallet.Address, wallet.CreatedAt.ToUnixTimeMilliseconds(), quota]);
        if (reserved == 0)
        {
            return WalletCreation.OverQuota;
        }

        bool created;
        try
        {
            created = await Db.StringSetAsync(WalletRedisKeys.Wallet(wallet.Address), JsonSerializer.SerializeToUtf8Bytes(wallet, Json),
                when: When.NotExists);
        }
        catch (Exception e) when (reserved == 2 && e is RedisException or TimeoutException)
        {
            await ReleaseUnlessStoredAsync(wallet);
            throw;
        }

        // The address exists (the same mnemonic recovered twice): the owner's own wallet keeps its index entry (one left
        // unlisted by a crash is listed again), anyone else's gives the reservation back.
        if (!created && reserved == 2 && (await ReadAsync(wallet.Address))?.Owner != wallet.Owner)
        {
            await Db.SortedSetRemoveAsync(index, wallet.Address);
        }

        return created ? WalletCreation.Created : WalletCreation.Exists;
    }

    /// <summary>The owner's wallets (and reservations in flight): what the quota counts.</summary>
    public Task<long> CountAsync(string owner) => Db.SortedSetLengthAsync(WalletRedisKeys.Owner(owner));

    /// <summary>The wallet, from a running lease or else from Redis (then leased).</summary>
    public async Task<WalletRecord?> GetAsync(string address)
    {
        if (leases.Find(address) is { } leased)
        {
            return leased;
        }

        var started = leases.ReadStarts();
        if (await ReadAsync(address) is not { } wallet)
        {
            return null;
        }

        leases.Keep(wallet, started);
        return wallet;
    }

    private async Task<WalletRecord?> ReadAsync(string address)
    {
        var value = await Db.StringGetAsync(WalletRedisKeys.Wallet(address));
        return value.IsNull ? null : JsonSerializer.Deserialize<WalletRecord>((byte[])value!, Json);
    }

    public async Task<(IReadOnlyList<WalletRecord> Items, long Total)> ListAsync(string owner, long skip, int take)
    {
        var index = WalletRedisKeys.Owner(owner);
        var total = await Db.SortedSetLengthAsync(index);
        var addresses = await Db.SortedSetRangeByRankAsync(index, skip, skip + take - 1);
        var wallets = await Task.WhenAll(addresses.Select(a => GetAsync(a!)));
        return ([.. wallets.OfType<WalletRecord>()], total);
    }

    /// <summary>
    /// Deletes the wallet and returns once no replica can serve it any more: after every lease on its record has ended
    /// (<see cref="RecordLeases.DeletionWait"/>; the deletion's message usually ends them sooner).
    /// </summary>
    public async Task DeleteAsync(WalletRecord wallet)
    {
        await DeleteDerivedAsync(wallet); // first: a crash midway leaves the wallet, so deleting it again finishes the job
        await Db.KeyDeleteAsync(WalletRedisKeys.Wallet(wallet.Address));
        await Db.SortedSetRemoveAsync(WalletRedisKeys.Owner(wallet.Owner), wallet.Address);
        await redis.GetSubscriber().PublishAsync(WalletRedisKeys.Deleted, wallet.Address, CommandFlags.FireAndForget);
        leases.Drop(wallet.Address);
        await Task.Delay(leases.DeletionWait, clock);
    }

    /// <summary>
    /// After a write whose outcome is unknown (timeout, lost connection): the slot is given back only if the wallet is
    /// not there. The read queues behind the write on the same connection, so a write that lands at all lands first.
    /// If Redis cannot answer, the slot stays taken: the quota errs towards refusing, never past its limit.
    /// </summary>
    private async Task ReleaseUnlessStoredAsync(WalletRecord wallet)
    {
        try
        {
            if (!await Db.KeyExistsAsync(WalletRedisKeys.Wallet(wallet.Address)))
            {
                await Db.SortedSetRemoveAsync(WalletRedisKeys.Owner(wallet.Owner), wallet.Address);
            }
        }
        catch (Exception e) when (e is RedisException or TimeoutException)
        {
            // Redis is unreachable: keep the slot (above).
        }
    }
}

/// <summary>What <see cref="WalletStore.TryCreateAsync"/> did.</summary>
public enum WalletCreation
{
    Created,

    /// <summary>A wallet with this address exists already.</summary>
    Exists,

    /// <summary>The owner holds as many wallets as the quota allows; nothing was written.</summary>
    OverQuota,
}
