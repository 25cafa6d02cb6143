using System.Diagnostics;
using System.Text.Json;
using Sorcha.ApiPlatform.Memory;
using StackExchange.Redis;

namespace Sorcha.Blueprint.Service.Blueprints;

/// <summary>
/// The document as it is now for the execution helpers, served from a lease of <see cref="CurrentLease"/>. Reading it
/// from Redis on every call cost the helpers about a quarter of their P50 once a published blueprint could be edited
/// (a Redis round trip is most of a helper's time; docs/performance.md, "The gate").
/// <para>
/// Why an edit or a deletion is still never served once it is answered, on any replica: a lease is taken in one MULTI
/// that sets <see cref="BlueprintKeys.Leased"/> (expiring a tenth and 10 ms after the lease) and then reads the
/// document, and runs from before that MULTI was sent; a replace or a delete reads that key's remaining time in its own
/// MULTI, after its write, and waits it out before answering. A write that no lease precedes waits for nothing.
/// </para>
/// </summary>
public sealed partial class BlueprintStore
{
    public static readonly TimeSpan CurrentLease = TimeSpan.FromMilliseconds(250);

    private static readonly TimeSpan LeaseKeyLife = CurrentLease * 1.1 + TimeSpan.FromMilliseconds(10);

    private static readonly long LeaseTicks = (long)(CurrentLease.TotalSeconds * Stopwatch.Frequency);

    private readonly BoundedMap<string, (string Raw, BlueprintRecord Record, long Until)> _leases =
        new(MaxRemembered, held => held.Until <= Stopwatch.GetTimestamp(), StringComparer.Ordinal);

    public async ValueTask<BlueprintRecord?> GetCurrentAsync(string id)
    {
        if (!Guid.TryParseExact(id, "N", out _) || id.Any(char.IsUpper))
        {
            return null; // not an id the service gives (Guid "N"): no blueprint, and no lease key for it
        }

        _leases.TryGetValue(id, out var held);
        if (held.Record is not null && held.Until > Stopwatch.GetTimestamp())
        {
            return held.Record;
        }

        var started = Stopwatch.GetTimestamp();
        var transaction = Db.CreateTransaction();
        _ = transaction.StringSetAsync(BlueprintKeys.Leased(id), 1, LeaseKeyLife);
        var read = transaction.HashGetAsync(BlueprintKeys.Blueprint(id), RecordField);
        await transaction.ExecuteAsync();
        if ((string?)await read is not { } raw)
        {
            _leases.Remove(id);
            return null;
        }

        // The same document as the lease before keeps its record, whose schemas and logic earlier calls compiled.
        var record = raw == held.Raw && held.Record is { } same ? same : Remember(JsonSerializer.Deserialize<BlueprintRecord>(raw, Json)!, _ => { });
        _leases.Set(id, (raw, record, started + LeaseTicks));
        return record;
    }

    /// <summary>After a write to <paramref name="id"/>: waits until no lease taken before it can still be served.</summary>
    private async Task OutwaitLeasesAsync(string id, TimeSpan? leased)
    {
        _leases.Remove(id);
        if (leased is { } remaining && remaining > TimeSpan.Zero)
        {
            await Task.Delay(remaining);
        }
    }
}
