namespace Sorcha.Performance.Engine.Gate;

/// <summary>
/// A baseline from several healthy runs (<c>--baseline-from a.json,b.json,... --update-baseline</c>): per scenario,
/// the median over the runs of every figure. One run's baseline carries that run's own noise into every later
/// comparison; the median of several does not (docs/performance.md, "The gate").
/// </summary>
public static class BaselineMerge
{
    public static RunResults Merge(IReadOnlyList<RunResults> runs)
    {
        if (runs.Count == 0 || runs.Any(r => r.RunFailed))
        {
            throw new ArgumentException("--baseline-from: every run must be a healthy run (OK ≥ 99.9 % in every scenario)");
        }

        var first = runs[0];
        var scenarios = first.Scenarios.Select(s =>
        {
            var all = runs.Select(r => r.Scenarios.FirstOrDefault(x => x.Scenario == s.Scenario && x.Rate == s.Rate)
                ?? throw new ArgumentException($"--baseline-from: {s.Scenario} at {s.Rate}/s is not in every run")).ToList();
            double M(Func<ScenarioResult, double> figure) => LatencyStats.Median(all.Select(figure));
            return s.WithoutCharts() with
            {
                Rps = M(x => x.Rps), Mean = M(x => x.Mean), P50 = M(x => x.P50), P75 = M(x => x.P75), P95 = M(x => x.P95),
                P99 = M(x => x.P99), Max = M(x => x.Max), StdDev = M(x => x.StdDev),
                Stages = null,
            };
        }).ToList();
        var metadata = first.Metadata with
        {
            Mode = $"baseline: median of {runs.Count} runs ({string.Join(", ", runs.Select(r => r.Metadata.StartedAt.ToString("u", System.Globalization.CultureInfo.InvariantCulture)))})",
            EndedAt = runs[^1].Metadata.EndedAt,
            LoadAverageAtEnd = runs[^1].Metadata.LoadAverageAtEnd,
            Conditions = string.Join("; ", runs.GroupBy(r => r.Metadata.Conditions ?? "not recorded").Select(g => $"{g.Count()} × {g.Key}")),
        };
        return new RunResults(metadata, scenarios);
    }
}
