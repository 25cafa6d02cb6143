using System.Text.Json;
using System.Text.Json.Serialization;
using StackExchange.Redis;

namespace Sorcha.Wallet.Service.Storage;

/// <summary>Reads and writes wallets in Redis; the key layout is <see cref="WalletRedisKeys"/>.</summary>
public sealed class WalletStore(IConnectionMultiplexer redis)
{
    private static readonly JsonSerializerOptions Json = new(JsonSerializerDefaults.Web)
    {
        Converters = { new JsonStringEnumConverter() },
    };

    private IDatabase Db => redis.GetDatabase();

    /// <summary>False when a wallet with this address exists already (the same mnemonic recovered twice).</summary>
    public async Task<bool> TryCreateAsync(WalletRecord wallet)
    {
        var created = await Db.StringSetAsync(WalletRedisKeys.Wallet(wallet.Address), JsonSerializer.SerializeToUtf8Bytes(wallet, Json),
            when: When.NotExists);
        if (created || (await GetAsync(wallet.Address))?.Owner == wallet.Owner)
        {
            // Also on a retry by the same owner: a crash between the two writes must not leave a wallet unlisted.
            await Db.SortedSetAddAsync(WalletRedisKeys.Owner(wallet.Owner), wallet.Address, wallet.CreatedAt.ToUnixTimeMilliseconds());
        }

        return created;
    }

    public async Task<WalletRecord?> GetAsync(string address)
    {
        var value = await Db.StringGetAsync(WalletRedisKeys.Wallet(address));
        return value.IsNull ? null : JsonSerializer.Deserialize<WalletRecord>((byte[])value!, Json);
    }

    /// <summary>The wallet if <paramref name="owner"/> owns it; another caller's wallet looks absent.</summary>
    public async Task<WalletRecord?> GetOwnedAsync(string address, string owner) =>
        await GetAsync(address) is { } wallet && wallet.Owner == owner ? wallet : null;

    public async Task<(IReadOnlyList<WalletRecord> Items, long Total)> ListAsync(string owner, long skip, int take)
    {
        var index = WalletRedisKeys.Owner(owner);
        var total = await Db.SortedSetLengthAsync(index);
        var addresses = await Db.SortedSetRangeByRankAsync(index, skip, skip + take - 1);
        var wallets = await Task.WhenAll(addresses.Select(a => GetAsync(a!)));
        return ([.. wallets.OfType<WalletRecord>()], total);
    }

    public async Task DeleteAsync(WalletRecord wallet)
    {
        await Db.KeyDeleteAsync(WalletRedisKeys.Wallet(wallet.Address));
        await Db.SortedSetRemoveAsync(WalletRedisKeys.Owner(wallet.Owner), wallet.Address);
    }
}
