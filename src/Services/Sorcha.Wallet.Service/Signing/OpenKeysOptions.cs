using System.ComponentModel.DataAnnotations;

namespace Sorcha.Wallet.Service.Signing;

/// <summary>Wallet:OpenKeys: how many signing keys stay open between requests, and for how long unused (<see cref="OpenKeys"/>).</summary>
public sealed class OpenKeysOptions
{
    public const string Section = "Wallet:OpenKeys";

    /// <summary>
    /// Each open key takes a few guarded pages (libsodium: locked, between guard pages); 1,000 keys stay within the
    /// 8 MiB a process may lock by default on Linux, and far above the wallets one process signs for at once.
    /// </summary>
    [Range(0, 100_000)]
    public int MaxKeys { get; init; } = 1_000;

    /// <summary>Seconds a key stays open unused; 0 opens every key for its call only.</summary>
    [Range(0, 3_600)]
    public double IdleSeconds { get; init; } = 30;
}
