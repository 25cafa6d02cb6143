using System.Text.Json.Serialization;

namespace Sorcha.Performance.Engine;

/// <summary>
/// One scenario's figures over the measured window (warm-up excluded). Latencies in milliseconds, of OK requests,
/// from each request's actual start to its last response (<see cref="OpenModelRunner"/>). Requests = OK + Fail + dropped sends.
/// Timeline and Histogram feed results.html's charts only; a baseline carries neither (<see cref="WithoutCharts"/>).
/// </summary>
public sealed record ScenarioResult(
    string Scenario, double Rate, double DurationSeconds, long Requests, long Ok, long Fail, double Rps,
    double Mean, double P50, double P75, double P95, double P99, double Max, double StdDev,
    SendReport Sends, IReadOnlyList<WindowResult> Windows, IReadOnlyDictionary<string, long> Errors,
    IReadOnlyDictionary<string, StageFigures>? Stages = null,
    [property: JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)] Timeline? Timeline = null,
    [property: JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)] LatencyHistogram? Histogram = null)
{
    public double OkRate => Requests == 0 ? 0 : (double)Ok / Requests;

    public ScenarioResult WithoutCharts() => this with { Timeline = null, Histogram = null };

    /// <param name="warmUp">The warm-up's requests, for the timeline only.</param>
    /// <param name="drops">When each dropped send was due (warm-up included), for the timeline only.</param>
    public static ScenarioResult From(string scenario, double rate, LoadPlan plan, IReadOnlyList<Sample> samples,
        long dropped, IReadOnlyDictionary<string, long> errors, IReadOnlyDictionary<string, StageFigures>? stages = null,
        IReadOnlyList<Sample>? warmUp = null, IReadOnlyList<double>? drops = null)
    {
        var ok = samples.Where(s => s.Ok).Select(s => s.LatencyMs).ToList();
        var stats = LatencyStats.From(ok);
        var windows = Enumerable.Range(0, plan.Windows)
            .Select(w => WindowResult.From(w, samples.Where(s => plan.WindowOf(TimeSpan.FromSeconds(s.DueAt)) == w)))
            .ToArray();
        var seconds = plan.Duration.TotalSeconds;
        var fail = samples.Count - ok.Count;
        return new(scenario, rate, seconds, samples.Count + dropped, ok.Count, fail,
            LatencyStats.Round(samples.Count / seconds), stats.Mean, stats.P50, stats.P75, stats.P95, stats.P99, stats.Max,
            stats.StdDev, SendReport.From(samples, dropped), windows,
            new SortedDictionary<string, long>(errors.ToDictionary(), StringComparer.Ordinal), stages is { Count: > 0 } ? stages : null,
            Timeline.From(plan, [.. warmUp ?? [], .. samples], drops ?? []), LatencyHistogram.From(ok));
    }
}

/// <summary>One sub-window's figures: how latency moved over the run (the gate compares the whole window's).</summary>
public sealed record WindowResult(int Index, long Requests, long Ok, double P50, double P95, double P99)
{
    public static WindowResult From(int index, IEnumerable<Sample> samples)
    {
        var all = samples.ToList();
        var stats = LatencyStats.From(all.Where(s => s.Ok).Select(s => s.LatencyMs));
        return new(index, all.Count, all.Count(s => s.Ok), stats.P50, stats.P95, stats.P99);
    }
}

/// <summary>
/// What the generator itself could not do on time (coordinated-omission report): requests started more than
/// <see cref="LateMs"/> after they were due, the start-lag P99 and maximum, and sends dropped at the in-flight cap.
/// Lag is not inside the latency figures: a large lag says the generator's machine, not the target, was short, and
/// that the arrivals the server saw were burstier than scheduled.
/// </summary>
public sealed record SendReport(long Scheduled, long Late, long Dropped, double LagP99Ms, double LagMaxMs)
{
    public const double LateMs = 1;

    public static SendReport From(IReadOnlyList<Sample> samples, long dropped)
    {
        var lags = samples.Select(s => s.LagMs).Order().ToArray();
        return new(samples.Count + dropped, lags.Count(l => l > LateMs), dropped, LatencyStats.Percentile(lags, 0.99),
            lags.Length == 0 ? 0 : LatencyStats.Round(lags[^1]));
    }
}
