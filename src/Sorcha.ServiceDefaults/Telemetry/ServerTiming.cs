using System.Diagnostics;
using System.Diagnostics.Metrics;
using System.Globalization;
using System.Text;
using Microsoft.AspNetCore.Http;

namespace Sorcha.ServiceDefaults.Telemetry;

/// <summary>
/// Where one request's time went, by stage: each stage is an OpenTelemetry span (exported when OTLP is configured) and,
/// where enabled, an entry of the W3C <c>Server-Timing</c> response header, so a client or a load test can break a
/// request down without a trace collector. Stages may run concurrently; entries keep the order they finished in.
/// </summary>
public sealed class ServerTiming
{
    /// <summary>Tag: the stage's name (a constant of the code that measures it: load, engine, sender, claim, …).</summary>
    public const string StageTag = "sorcha.stage";

    private static readonly Meter Meter = new(TelemetrySetup.SourcePrefix + "Stages");

    /// <summary>The same stages as metrics, so their distribution is seen without a trace collector or a header.</summary>
    public static readonly Histogram<double> StageDuration = Meter.CreateHistogram<double>("sorcha.stage.duration", "s",
        "Time of one stage of a request (an action submission's load, engine, sender, claim, prepare, pending, commit, advance, events), by stage.",
        advice: new InstrumentAdvice<double> { HistogramBucketBoundaries = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5] });

    private readonly Lock _gate = new();
    private readonly List<(string Name, double Ms)> _entries = [];

    /// <summary>Starts a stage; disposing it records the stage. Names are header tokens (letters, digits, '-', '_').</summary>
    public Stage Measure(string name, ActivitySource source) => new(this, name, Stopwatch.GetTimestamp(), source.StartActivity(name));

    internal void Add(string name, double milliseconds)
    {
        lock (_gate)
        {
            _entries.Add((name, milliseconds));
        }
    }

    /// <summary>The header value, e.g. <c>validate;dur=0.41, commit;dur=3.02</c>; null when nothing was measured.</summary>
    public string? HeaderValue()
    {
        lock (_gate)
        {
            if (_entries.Count == 0)
            {
                return null;
            }

            var text = new StringBuilder();
            foreach (var (name, ms) in _entries)
            {
                text.Append(text.Length == 0 ? "" : ", ").Append(name).Append(";dur=").Append(ms.ToString("0.###", CultureInfo.InvariantCulture));
            }

            return text.ToString();
        }
    }

    public readonly struct Stage(ServerTiming owner, string name, long started, Activity? activity) : IDisposable
    {
        public void Dispose()
        {
            var elapsed = Stopwatch.GetElapsedTime(started);
            owner.Add(name, elapsed.TotalMilliseconds);
            StageDuration.Record(elapsed.TotalSeconds, new KeyValuePair<string, object?>(StageTag, name));
            activity?.Dispose();
        }
    }
}
