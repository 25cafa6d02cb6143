using System.Globalization;

namespace Sorcha.EventsBench;

/// <summary>Nearest-rank percentiles (as the harness's LatencyStats) and the Markdown the script prints.</summary>
public static class Stats
{
    public static double Percentile(IReadOnlyCollection<double> values, double p)
    {
        if (values.Count == 0)
        {
            return double.NaN;
        }

        var sorted = values.Order().ToArray();
        return sorted[Math.Clamp((int)Math.Ceiling(p * sorted.Length) - 1, 0, sorted.Length - 1)];
    }

    /// <summary>"P50 / P99 / max" in milliseconds, or "–" for an empty sample.</summary>
    public static string Summary(IReadOnlyCollection<double> values) =>
        values.Count == 0 ? "–" : $"{F(Percentile(values, 0.50))} / {F(Percentile(values, 0.99))} / {F(values.Max())}";

    public static string F(double value) => double.IsNaN(value) ? "–" : value.ToString("0.00", CultureInfo.InvariantCulture);

    public static string Row(params object[] cells) => "| " + string.Join(" | ", cells) + " |";
}
