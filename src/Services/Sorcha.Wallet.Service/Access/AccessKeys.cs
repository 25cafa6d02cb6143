using System.Security.Cryptography;
using System.Text;
using StackExchange.Redis;

namespace Sorcha.Wallet.Service.Access;

/// <summary>
/// Every Redis key of wallet delegation (only <see cref="AccessStore"/> uses them). A wallet's grants and their expiry
/// share the wallet's hash tag, <c>{address}</c>, so the one script that prunes, counts and writes them stays in one
/// cluster slot (the wallet record's own). A delegate's index is tagged on a hash of its subject, as a wallet owner's
/// is (WalletRedisKeys.Owner): subjects may hold any character, a brace among them.
/// </summary>
public static class AccessKeys
{
    /// <summary>Hash: subject → the <see cref="StoredGrant"/> as JSON. Its length is the wallet's grant count (Limits:Quotas:WalletGrants).</summary>
    public static RedisKey Grants(string address) => $"wallet-access:{{{address}}}";

    /// <summary>Sorted set: the subjects whose grant expires, scored by that instant (Unix ms), so expired ones are pruned in one range.</summary>
    public static RedisKey Expiries(string address) => $"wallet-access-expiry:{{{address}}}";

    /// <summary>
    /// Sorted set: the addresses delegated to a subject, scored by the grant's expiry (Unix ms; 0 = none), for
    /// GET /api/wallets/delegated. Only an index: each entry is checked against the wallet's grants when listed.
    /// </summary>
    public static RedisKey Delegated(string subject) =>
        $"wallet-delegated:{{{Convert.ToHexStringLower(SHA256.HashData(Encoding.UTF8.GetBytes(subject)))[..32]}}}";

    /// <summary>Every key this family may write, as anchored regular expressions (checked by the key-catalogue test).</summary>
    public static readonly IReadOnlyList<string> Patterns =
    [
        @"^wallet-access:\{[^{}]+\}$",
        @"^wallet-access-expiry:\{[^{}]+\}$",
        @"^wallet-delegated:\{[0-9a-f]{32}\}$",
    ];
}
