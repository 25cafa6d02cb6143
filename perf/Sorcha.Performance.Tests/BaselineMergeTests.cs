using Sorcha.Performance.Engine;
using Sorcha.Performance.Engine.Gate;

namespace Sorcha.Performance.Tests;

public class BaselineMergeTests
{
    [Fact]
    public void Every_figure_of_the_merged_baseline_is_the_median_over_the_runs()
    {
        RunResults[] runs = [Fakes.Run(1, scale: 1.0), Fakes.Run(2, scale: 3.0), Fakes.Run(3, scale: 1.2)];

        var merged = BaselineMerge.Merge(runs);

        Assert.Equal(12, merged.Scenarios.Count);
        foreach (var s in merged.Scenarios)
        {
            var all = runs.Select(r => r.Scenarios.Single(x => x.Scenario == s.Scenario)).ToList();
            Assert.Equal(LatencyStats.Median(all.Select(x => x.P95)), s.P95);
            Assert.Equal(LatencyStats.Median(all.Select(x => x.P99)), s.P99);
            Assert.InRange(s.P95, all.Min(x => x.P95) * 1.0001, all.Max(x => x.P95) * 0.9999); // not the outlier run
        }

        Assert.StartsWith("baseline: median of 3 runs", merged.Metadata.Mode, StringComparison.Ordinal);
    }

    [Fact]
    public void A_failed_run_or_a_missing_scenario_is_refused()
    {
        var failed = Fakes.Run(1) with { Scenarios = [.. Fakes.Run(1).Scenarios.Select((s, i) => i == 0 ? s with { Ok = s.Requests / 2 } : s)] };
        var partial = Fakes.Run(2) with { Scenarios = [.. Fakes.Run(2).Scenarios.Skip(1)] };

        Assert.Throws<ArgumentException>(() => BaselineMerge.Merge([Fakes.Run(3), failed]));
        Assert.Throws<ArgumentException>(() => BaselineMerge.Merge([Fakes.Run(3), partial]));
        Assert.Throws<ArgumentException>(() => BaselineMerge.Merge([]));
    }
}
