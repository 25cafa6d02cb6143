using System.Globalization;

namespace Sorcha.Performance.Engine;

/// <summary>
/// Where the server spent a scenario's time: the stages of the W3C <c>Server-Timing</c> header (<c>name;dur=ms</c>)
/// that services send in Development (docs/performance.md, "Where the time goes"). The runner sets <see cref="Current"/>
/// around each step, so every response of that step — and of work the step started — is counted for its scenario, and
/// its connection's reads and writes stamp the step's start and end (<see cref="WireTimedStream"/>); warm-up responses
/// are timed but their stages are not counted.
/// </summary>
public sealed class StageTimings : DelegatingHandler
{
    public static readonly AsyncLocal<RequestTrace?> Current = new();

    public StageTimings(HttpMessageHandler inner) : base(inner)
    {
    }

    protected override async Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
    {
        var response = await base.SendAsync(request, cancellationToken);
        if (Current.Value is not { } trace)
        {
            return response;
        }

        // The body too, inside the step, as wrk times it: its reads stamp the step's end (WireTimedStream).
        await response.Content.LoadIntoBufferAsync(cancellationToken);
        if (trace.Meter is { } meter && response.Headers.TryGetValues("Server-Timing", out var values))
        {
            foreach (var (name, ms) in Parse(values))
            {
                meter.Stage(name, ms);
            }
        }

        return response;
    }

    /// <summary>Entries with a duration; others (descriptions only, malformed ones) are skipped.</summary>
    public static IEnumerable<(string Name, double Ms)> Parse(IEnumerable<string> headerValues)
    {
        foreach (var entry in headerValues.SelectMany(v => v.Split(',', StringSplitOptions.TrimEntries | StringSplitOptions.RemoveEmptyEntries)))
        {
            var parts = entry.Split(';', StringSplitOptions.TrimEntries);
            var duration = parts.Skip(1).FirstOrDefault(p => p.StartsWith("dur=", StringComparison.OrdinalIgnoreCase));
            if (parts[0].Length > 0 && duration is not null
                && double.TryParse(duration[4..], NumberStyles.Float, CultureInfo.InvariantCulture, out var ms))
            {
                yield return (parts[0], ms);
            }
        }
    }
}

/// <summary>
/// One step in flight: where its stages are counted (null during warm-up), when its first request's first bytes were
/// written to the socket and when the last bytes of its responses were read from it (Stopwatch timestamps).
/// </summary>
public sealed class RequestTrace(ScenarioMeter? meter)
{
    public ScenarioMeter? Meter { get; } = meter;
    public long? FirstSentAt { get; set; }
    public long? LastReceivedAt { get; set; }
}

/// <summary>One stage's figures over a scenario's measured responses (ms).</summary>
public sealed record StageFigures(long Count, double Mean, double P50, double P95)
{
    public static StageFigures From(IReadOnlyCollection<double> durations)
    {
        var stats = LatencyStats.From(durations);
        return new(durations.Count, stats.Mean, stats.P50, stats.P95);
    }
}
