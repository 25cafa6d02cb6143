namespace Sorcha.Performance.Engine;

/// <summary>Latency summary of one sample (milliseconds). Percentiles are nearest-rank, as NBomber reports them.</summary>
public sealed record LatencyStats(double Mean, double P50, double P75, double P95, double P99, double Max, double StdDev)
{
    public static readonly LatencyStats Empty = new(0, 0, 0, 0, 0, 0, 0);

    public static LatencyStats From(IEnumerable<double> latencies)
    {
        var sorted = latencies.Order().ToArray();
        if (sorted.Length == 0)
        {
            return Empty;
        }

        var mean = sorted.Average();
        var variance = sorted.Sum(x => (x - mean) * (x - mean)) / sorted.Length;
        return new(Round(mean), Percentile(sorted, 0.50), Percentile(sorted, 0.75), Percentile(sorted, 0.95),
            Percentile(sorted, 0.99), Round(sorted[^1]), Round(Math.Sqrt(variance)));
    }

    /// <summary>Nearest-rank percentile of a sorted sample.</summary>
    public static double Percentile(IReadOnlyList<double> sorted, double p) =>
        sorted.Count == 0 ? 0 : Round(sorted[Math.Clamp((int)Math.Ceiling(p * sorted.Count) - 1, 0, sorted.Count - 1)]);

    public static double Median(IEnumerable<double> values)
    {
        var sorted = values.Order().ToArray();
        return sorted.Length == 0 ? 0
            : sorted.Length % 2 == 1 ? sorted[sorted.Length / 2]
            : (sorted[sorted.Length / 2 - 1] + sorted[sorted.Length / 2]) / 2;
    }

    public static double Round(double value) => Math.Round(value, 3);
}
