using Microsoft.Extensions.Options;
using Sorcha.ApiPlatform.Memory;

namespace Sorcha.Wallet.Service.Storage;

/// <summary>
/// Wallet records recently read from Redis, served from memory for a short lease (<see cref="RecordLeasesOptions"/>).
/// A read, a sign and an encryption each began with a Redis round trip for a record that rarely changes (its keys never:
/// there is no re-key; only its name and tags, by PATCH), and that round trip was about a third of a Wallet
/// read's CPU across the service and Redis (docs/performance.md, "Wallet reads and signs"). An update waits out the
/// leases before it answers, as a deletion does (WalletStore.UpdateAsync).
/// <para>
/// Why a deleted wallet is still never served once its deletion is answered, on any replica: a lease runs from the
/// moment its read was <em>started</em>, so every lease on a record ends at most one lease after the record left Redis,
/// and a deletion waits <see cref="DeletionWait"/> (the lease and a margin for clocks that tick at slightly different
/// rates) before it answers. The deletion's message (<see cref="WalletRedisKeys.Deleted"/>) ends other replicas' leases
/// sooner, but nothing depends on it arriving. Ownership is checked against the record on every request, as before.
/// </para>
/// </summary>
public sealed class RecordLeases(IOptions<RecordLeasesOptions> options, TimeProvider clock)
{
    private readonly long _leaseTicks = options.Value.LeaseMilliseconds * clock.TimestampFrequency / 1000;
    private readonly BoundedMap<string, (WalletRecord Record, long Until)> _records =
        new(options.Value.MaxRecords, r => r.Until <= clock.GetTimestamp(), StringComparer.Ordinal);

    /// <summary>How long a deletion waits before it is answered: the lease, a tenth more and 10 ms (none without leases).</summary>
    public TimeSpan DeletionWait { get; } = options.Value.LeaseMilliseconds == 0 ? TimeSpan.Zero
        : TimeSpan.FromMilliseconds(options.Value.LeaseMilliseconds * 1.1 + 10);

    public int Count => _records.Count;

    /// <summary>The instant a read starts, for <see cref="Keep"/>.</summary>
    public long ReadStarts() => clock.GetTimestamp();

    /// <summary>The record if a lease on it is still running.</summary>
    public WalletRecord? Find(string address) =>
        _records.TryGetValue(address, out var held) && held.Until > clock.GetTimestamp() ? held.Record : null;

    /// <summary>Holds a record read from Redis, its lease counted from <paramref name="readStarted"/>.</summary>
    public void Keep(WalletRecord record, long readStarted)
    {
        if (_leaseTicks == 0)
        {
            return;
        }

        _records.Set(record.Address, (record, readStarted + _leaseTicks));
    }

    public void Drop(string address) => _records.Remove(address);
}
