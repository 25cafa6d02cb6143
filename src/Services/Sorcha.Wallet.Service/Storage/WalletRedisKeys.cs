using System.Security.Cryptography;
using System.Text;
using StackExchange.Redis;

namespace Sorcha.Wallet.Service.Storage;

/// <summary>
/// Every Redis key of the wallet family (only <c>WalletStore</c> uses them; named apart from the key-pair record
/// WalletKeys). Each key is hash-tagged on the one aggregate it belongs to, so the family works on Redis Cluster. No
/// script or transaction touches two keys: a wallet's address is reserved in its owner's index first (the quota
/// check, one script on the index alone) and the wallet written after, so the two keys may sit in different slots. The names are today's, kept so that stored
/// wallets (a developer's AOF) stay readable.
/// </summary>
public static class WalletRedisKeys
{
    /// <summary>String: the <see cref="WalletRecord"/> as JSON (private keys sealed under the KEK).</summary>
    public static RedisKey Wallet(string address) => $"wallet:{{{address}}}";

    /// <summary>
    /// Sorted set of the owner's addresses scored by creation time (ms), for paging; also the owner's wallet count for
    /// Limits:Quotas:Wallets (a creation reserves its address here before the wallet is written). Subjects come from identity providers
    /// and may hold any character (a brace would move the hash tag), so the key holds a hash of the subject instead.
    /// </summary>
    public static RedisKey Owner(string owner) =>
        $"wallet-owner:{{{Convert.ToHexStringLower(SHA256.HashData(Encoding.UTF8.GetBytes(owner)))[..32]}}}";

    /// <summary>
    /// Sorted set of a wallet's derived addresses scored by account (1, 2, …): their list, their count for
    /// Limits:Quotas:DerivedAddresses and the next account to derive. Tagged like the wallet's own record.
    /// </summary>
    public static RedisKey Accounts(string address) => $"wallet-accounts:{{{address}}}";

    /// <summary>
    /// Pub/sub channel, not a key: a deleted wallet's address, so that every replica drops the signing key it holds
    /// open for it (Signing/OpenKeys.cs).
    /// </summary>
    public static readonly RedisChannel Deleted = RedisChannel.Literal("wallet-deleted");

    /// <summary>Every key this family may write, as anchored regular expressions (checked by the key-catalogue test).</summary>
    public static readonly IReadOnlyList<string> Patterns =
    [
        @"^wallet:\{[^{}]+\}$",
        @"^wallet-owner:\{[0-9a-f]{32}\}$",
        @"^wallet-accounts:\{[^{}]+\}$",
    ];
}
