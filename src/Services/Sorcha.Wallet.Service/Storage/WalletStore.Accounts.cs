using StackExchange.Redis;

namespace Sorcha.Wallet.Service.Storage;

/// <summary>
/// A wallet's derived addresses (<see cref="WalletRedisKeys.Accounts"/>). Each is a wallet record of its own (created
/// through <see cref="TryCreateAsync"/>, so it is listed and counted among its owner's wallets) and is claimed as
/// account n in its wallet's set. Accounts are never given back while the wallet lives, so they run 1..k without gaps
/// and a recovered wallet derives the same addresses in the same order.
/// </summary>
public sealed partial class WalletStore
{
    /// <summary>
    /// KEYS accounts; ARGV account, address, quota (0: none) → 1 claimed, 0 account was claimed already (by a concurrent
    /// derivation), -1 the wallet has as many accounts as the quota allows.
    /// </summary>
    private const string ClaimAccountScript = """
        local count = redis.call('ZCARD', KEYS[1])
        if count ~= tonumber(ARGV[1]) - 1 then return 0 end
        local quota = tonumber(ARGV[3])
        if quota > 0 and count >= quota then return -1 end
        redis.call('ZADD', KEYS[1], ARGV[1], ARGV[2])
        return 1
        """;

    /// <summary>How many derived addresses the wallet has; the next account is one more.</summary>
    public Task<long> CountDerivedAsync(string wallet) => Db.SortedSetLengthAsync(WalletRedisKeys.Accounts(wallet));

    /// <summary>Claims <paramref name="account"/> for <paramref name="address"/> if it is the wallet's next one and the quota has room.</summary>
    public async Task<AccountClaim> ClaimAccountAsync(string wallet, int account, string address, long quota) =>
        (long)await Db.ScriptEvaluateAsync(ClaimAccountScript, [WalletRedisKeys.Accounts(wallet)], [account, address, quota]) switch
        {
            1 => AccountClaim.Claimed,
            0 => AccountClaim.Taken,
            _ => AccountClaim.OverQuota,
        };

    public async Task<(IReadOnlyList<WalletRecord> Items, long Total)> ListDerivedAsync(string wallet, long skip, int take)
    {
        var accounts = WalletRedisKeys.Accounts(wallet);
        var total = await Db.SortedSetLengthAsync(accounts);
        var addresses = await Db.SortedSetRangeByRankAsync(accounts, skip, skip + take - 1);
        var records = await Task.WhenAll(addresses.Select(a => GetAsync(a!)));
        return ([.. records.OfType<WalletRecord>()], total);
    }

    /// <summary>Removes a derived record that was written but could not be claimed (never answered to anyone).</summary>
    public async Task DiscardAsync(WalletRecord derived)
    {
        await Db.KeyDeleteAsync(WalletRedisKeys.Wallet(derived.Address));
        await Db.SortedSetRemoveAsync(WalletRedisKeys.Owner(derived.Owner), derived.Address);
    }

    /// <summary>Deletes the wallet's derived addresses, a thousand at a time; the caller waits out the leases once for all.</summary>
    private async Task DeleteDerivedAsync(WalletRecord wallet)
    {
        var accounts = WalletRedisKeys.Accounts(wallet.Address);
        while (await Db.SortedSetRangeByRankAsync(accounts, 0, 999) is { Length: > 0 } addresses)
        {
            await Task.WhenAll(addresses.Select(async a =>
            {
                await Db.KeyDeleteAsync(WalletRedisKeys.Wallet(a!));
                await Db.SortedSetRemoveAsync(WalletRedisKeys.Owner(wallet.Owner), a);
                await redis.GetSubscriber().PublishAsync(WalletRedisKeys.Deleted, a, CommandFlags.FireAndForget);
                leases.Drop(a!);
            }));
            await Db.SortedSetRemoveAsync(accounts, addresses);
        }
    }
}

/// <summary>What <see cref="WalletStore.ClaimAccountAsync"/> did.</summary>
public enum AccountClaim
{
    Claimed,

    /// <summary>A concurrent derivation claimed that account first (with the same address: derivation is deterministic).</summary>
    Taken,

    /// <summary>The wallet has as many derived addresses as Limits:Quotas:DerivedAddresses allows.</summary>
    OverQuota,
}
