namespace Sorcha.Performance.Engine;

/// <summary>
/// How one scenario moved over the run, for the report's charts: per time bucket from the start of the warm-up, the
/// request and failure rates (failures include dropped sends), OK latency percentiles and the generator's start-lag
/// P99. Warm-up buckets are kept so the chart can shade them; no figure and no gate reads a timeline.
/// </summary>
public sealed record Timeline(double BucketSeconds, double WarmUpSeconds, IReadOnlyList<TimeBucket> Buckets)
{
    /// <summary>About 120 buckets of whole seconds (1 s for runs up to two minutes), so long runs chart alike.</summary>
    public static Timeline From(LoadPlan plan, IEnumerable<Sample> samples, IEnumerable<double> drops)
    {
        var end = plan.End.TotalSeconds;
        var width = Math.Max(1, Math.Ceiling(end / 120));
        var count = Math.Max(1, (int)Math.Ceiling(end / width));
        int Of(double at) => Math.Clamp((int)(at / width), 0, count - 1);
        var bySample = samples.ToLookup(s => Of(s.DueAt));
        var byDrop = drops.ToLookup(Of);
        return new(width, plan.WarmUp.TotalSeconds, [.. Enumerable.Range(0, count).Select(i =>
            TimeBucket.From(i * width, Math.Min(width, end - i * width), [.. bySample[i]], byDrop[i].Count()))]);
    }
}

/// <summary>One bucket; percentiles are null when it has no OK request (a gap in the chart, not a zero).</summary>
public sealed record TimeBucket(double Start, double Rps, double FailuresPerSecond, double? P50, double? P95, double? P99, double? LagP99Ms)
{
    public static TimeBucket From(double start, double seconds, IReadOnlyList<Sample> samples, int dropped)
    {
        var ok = samples.Where(s => s.Ok).Select(s => s.LatencyMs).Order().ToArray();
        var lags = samples.Select(s => s.LagMs).Order().ToArray();
        double? P(double[] sorted, double p) => sorted.Length == 0 ? null : LatencyStats.Percentile(sorted, p);
        return new(start, LatencyStats.Round(samples.Count / seconds), LatencyStats.Round((samples.Count - ok.Length + dropped) / seconds),
            P(ok, 0.50), P(ok, 0.95), P(ok, 0.99), P(lags, 0.99));
    }
}

/// <summary>
/// The measured window's OK latencies on quarter-octave buckets: each bound 2^¼ ≈ 1.19 × the one before, so 1 ms
/// and 1 s are resolved alike (as HdrHistogram's log buckets do). Empty buckets between the first and last are kept.
/// </summary>
public sealed record LatencyHistogram(IReadOnlyList<HistogramBucket> Buckets)
{
    public const int PerOctave = 4;

    public static LatencyHistogram? From(IEnumerable<double> latencies)
    {
        var counts = latencies.Select(Index).CountBy(k => k).ToDictionary();
        if (counts.Count == 0)
        {
            return null;
        }

        return new([.. Enumerable.Range(counts.Keys.Min(), counts.Keys.Max() - counts.Keys.Min() + 1)
            .Select(k => new HistogramBucket(Bound(k), Bound(k + 1), counts.GetValueOrDefault(k)))]);
    }

    /// <summary>The bucket of a latency: [2^(k/4), 2^((k+1)/4)) ms; under 1 µs counts as 1 µs.</summary>
    public static int Index(double ms) => (int)Math.Floor(PerOctave * Math.Log2(Math.Max(ms, 0.001)));

    private static double Bound(int k) => LatencyStats.Round(Math.Pow(2, (double)k / PerOctave));
}

public sealed record HistogramBucket(double FromMs, double ToMs, long Count);
