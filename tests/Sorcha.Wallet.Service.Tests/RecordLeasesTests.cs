extern alias wallet;

using Microsoft.Extensions.Options;
using Sorcha.Cryptography;
using wallet::Sorcha.Wallet.Service.Storage;

namespace Sorcha.Wallet.Service.Tests;

/// <summary>Wallet records served from memory for a lease counted from the read's start (Storage/RecordLeases.cs).</summary>
public sealed class RecordLeasesTests
{
    private readonly ManualClock _clock = new();

    [Fact]
    public void A_record_is_served_until_its_lease_from_the_reads_start_ends()
    {
        var leases = Leases(leaseMilliseconds: 250);
        var record = Record("ws1a");
        var started = leases.ReadStarts();
        _clock.Advance(TimeSpan.FromMilliseconds(100)); // the read's round trip
        leases.Keep(record, started);

        Assert.Same(record, leases.Find("ws1a"));
        _clock.Advance(TimeSpan.FromMilliseconds(149));
        Assert.Same(record, leases.Find("ws1a"));
        _clock.Advance(TimeSpan.FromMilliseconds(1)); // 250 ms after the read began, not after it ended
        Assert.Null(leases.Find("ws1a"));
    }

    [Fact]
    public void A_deletion_waits_longer_than_any_lease_and_dropping_ends_one_at_once()
    {
        var leases = Leases(leaseMilliseconds: 250);
        Assert.True(leases.DeletionWait > TimeSpan.FromMilliseconds(250));

        leases.Keep(Record("ws1a"), leases.ReadStarts());
        leases.Drop("ws1a");
        Assert.Null(leases.Find("ws1a"));
    }

    [Fact]
    public void Without_leases_nothing_is_kept_and_a_deletion_does_not_wait()
    {
        var leases = Leases(leaseMilliseconds: 0);
        leases.Keep(Record("ws1a"), leases.ReadStarts());

        Assert.Null(leases.Find("ws1a"));
        Assert.Equal(TimeSpan.Zero, leases.DeletionWait);
    }

    [Fact]
    public void At_most_MaxRecords_are_held()
    {
        var leases = Leases(leaseMilliseconds: 250, maxRecords: 3);
        for (var i = 0; i < 10; i++)
        {
            leases.Keep(Record($"ws1{i}"), leases.ReadStarts());
            Assert.InRange(leases.Count, 1, 3);
        }

        Assert.NotNull(leases.Find("ws19")); // the newest is always held
    }

    private RecordLeases Leases(int leaseMilliseconds, int maxRecords = 100) =>
        new(Options.Create(new RecordLeasesOptions { LeaseMilliseconds = leaseMilliseconds, MaxRecords = maxRecords }), _clock);

    private static WalletRecord Record(string address) =>
        new(address, "owner", "w", SignatureAlgorithm.ED25519, [1], [2], DateTimeOffset.UnixEpoch, [3]);
}
