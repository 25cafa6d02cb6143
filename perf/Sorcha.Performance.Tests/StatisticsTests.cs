using Sorcha.Performance.Engine;

namespace Sorcha.Performance.Tests;

public class StatisticsTests
{
    [Fact]
    public void Percentiles_are_nearest_rank()
    {
        var stats = LatencyStats.From(Enumerable.Range(1, 100).Select(i => (double)i).Reverse());
        Assert.Equal((50.5, 50, 75, 95, 99, 100), (stats.Mean, stats.P50, stats.P75, stats.P95, stats.P99, stats.Max));
        Assert.Equal(28.866, stats.StdDev, 3);
        Assert.Equal(7, LatencyStats.Percentile([7], 0.99));
        Assert.Equal(2.5, LatencyStats.Median([4, 1, 3, 2]));
    }

    [Fact]
    public void Windows_split_the_measured_time_and_warm_up_is_none_of_them()
    {
        var plan = new LoadPlan(TimeSpan.FromSeconds(10), TimeSpan.FromSeconds(60), 6);
        Assert.Equal(-1, plan.WindowOf(TimeSpan.FromSeconds(9.99)));
        Assert.Equal(0, plan.WindowOf(TimeSpan.FromSeconds(10)));
        Assert.Equal(1, plan.WindowOf(TimeSpan.FromSeconds(20)));
        Assert.Equal(5, plan.WindowOf(TimeSpan.FromSeconds(69.99)));
        Assert.Equal(0.1, plan.WarmUpFactor(TimeSpan.Zero), 6);
        Assert.Equal(0.55, plan.WarmUpFactor(TimeSpan.FromSeconds(2.5)), 6);
        Assert.Equal(1, plan.WarmUpFactor(TimeSpan.FromSeconds(5)));
        Assert.Equal(1, (plan with { Ramp = false }).WarmUpFactor(TimeSpan.Zero));
    }

    [Fact]
    public void A_result_counts_failures_drops_and_late_sends_and_keeps_each_window()
    {
        var plan = new LoadPlan(TimeSpan.Zero, TimeSpan.FromSeconds(30), 3);
        var samples = Enumerable.Range(0, 300).Select(i => new Sample(i / 10.0,
            LatencyMs: i < 100 ? 1000 : 10 + i % 10, LagMs: i == 5 ? 50 : 1, Ok: i != 250)).ToList();
        var r = ScenarioResult.From("x", 10, plan, samples, dropped: 3, new Dictionary<string, long>());

        Assert.Equal((303, 299L, 1L, 3L, 1L), (r.Requests, r.Ok, r.Fail, r.Sends.Dropped, r.Sends.Late));
        Assert.Equal(10, r.Rps);
        Assert.Equal([1000, 19, 19], r.Windows.Select(w => w.P95));
        Assert.Equal(1000, r.P95); // over the whole measured window
        Assert.True(r.OkRate < 0.999);
    }

    [Fact]
    public async Task Results_round_trip_through_json()
    {
        var run = Fakes.Run(seed: 1);
        var path = Path.GetTempFileName();
        await run.SaveAsync(path);
        var back = await RunResults.LoadAsync(path);
        File.Delete(path);
        Assert.Equal(run.Scenarios.Select(s => (s.Scenario, s.P95, s.Windows.Count)),
            back.Scenarios.Select(s => (s.Scenario, s.P95, s.Windows.Count)));
        Assert.Equal(run.Metadata.Commit, back.Metadata.Commit);
    }
}
