using System.ComponentModel.DataAnnotations;

namespace Sorcha.Wallet.Service.Storage;

/// <summary>Wallet:Records: how long a wallet record read from Redis is served from memory (<see cref="RecordLeases"/>).</summary>
public sealed class RecordLeasesOptions
{
    public const string Section = "Wallet:Records";

    /// <summary>
    /// Milliseconds a record is served from memory after its read began; 0 reads Redis on every request. A deletion is
    /// answered only after this long (plus a margin), so keep it short: it bounds how stale a replica may be, not
    /// how often Redis is read for an idle wallet.
    /// </summary>
    [Range(0, 5_000)]
    public int LeaseMilliseconds { get; init; } = 250;

    /// <summary>Records held at most; a record is a few hundred bytes.</summary>
    [Range(1, 1_000_000)]
    public int MaxRecords { get; init; } = 10_000;
}
