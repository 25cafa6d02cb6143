using System.Collections.Concurrent;
using System.Diagnostics;
using System.Diagnostics.Metrics;
using Sorcha.ServiceDefaults.Telemetry;

namespace Sorcha.Register.Service.Sealing;

/// <summary>The Register service's background work in traces and metrics (docs/observability.md).</summary>
public static class SealingTelemetry
{
    public const string Name = TelemetrySetup.SourcePrefix + "Register";

    public static readonly ActivitySource Source = new(Name);

    public static readonly Meter Meter = new(Name);

    public static readonly Counter<long> DocketsSealed = Meter.CreateCounter<long>("sorcha.dockets.sealed", "{docket}",
        "Dockets this process sealed and published.");

    public static readonly Histogram<double> SealLag = Meter.CreateHistogram<double>("sorcha.docket.seal_lag", "s",
        "From the commit of a docket's first transaction to the docket's publication.");

    // The last unsealed count the sealer saw per register; only registers with a backlog are kept.
    private static readonly ConcurrentDictionary<string, long> Backlog = new(StringComparer.Ordinal);

    static SealingTelemetry() => Meter.CreateObservableGauge("sorcha.transactions.unsealed", () => Backlog.Values.Sum(),
        "{transaction}", "Committed transactions not yet in a docket, over every register this process's sealer watches.");

    internal static void SawUnsealed(string registerId, long unsealed)
    {
        if (unsealed > 0)
        {
            Backlog[registerId] = unsealed;
        }
        else
        {
            Backlog.TryRemove(registerId, out _);
        }
    }
}
