namespace Sorcha.Performance.Engine;

/// <summary>One scenario's figures over the measured window (warm-up excluded). Latencies in milliseconds.</summary>
public sealed record ScenarioResult(
    string Scenario, double Rate, double DurationSeconds, long Requests, long Ok, long Fail, long NotSent, double Rps,
    double Mean, double P50, double P75, double P95, double P99, double Max, double StdDev)
{
    public double OkRate => Requests == 0 ? 0 : (double)Ok / Requests;

    public static ScenarioResult From(string scenario, double rate, double seconds, List<double> okLatencies, long fail, long notSent)
    {
        okLatencies.Sort();
        var n = okLatencies.Count;
        var mean = n == 0 ? 0 : okLatencies.Average();
        var variance = n == 0 ? 0 : okLatencies.Sum(x => (x - mean) * (x - mean)) / n;
        return new(scenario, rate, seconds, n + fail + notSent, n, fail, notSent, (n + fail) / seconds, Round(mean),
            Percentile(okLatencies, 0.50), Percentile(okLatencies, 0.75), Percentile(okLatencies, 0.95),
            Percentile(okLatencies, 0.99), n == 0 ? 0 : Round(okLatencies[^1]), Round(Math.Sqrt(variance)));
    }

    /// <summary>Nearest-rank percentile of a sorted sample.</summary>
    private static double Percentile(List<double> sorted, double p) =>
        sorted.Count == 0 ? 0 : Round(sorted[Math.Clamp((int)Math.Ceiling(p * sorted.Count) - 1, 0, sorted.Count - 1)]);

    private static double Round(double value) => Math.Round(value, 3);
}
