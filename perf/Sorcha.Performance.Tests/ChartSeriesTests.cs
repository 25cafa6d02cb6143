using Sorcha.Performance.Engine;
using Sorcha.Performance.Engine.Gate;

namespace Sorcha.Performance.Tests;

/// <summary>The series behind results.html's charts: warm-up charted but in no figure, and never in a baseline.</summary>
public class ChartSeriesTests
{
    private static readonly LoadPlan Plan = new(TimeSpan.FromSeconds(4), TimeSpan.FromSeconds(6), 2);

    [Fact]
    public void The_timeline_charts_the_warm_up_but_no_figure_counts_it()
    {
        // 10 requests a second; the warm-up's are 100 times slower, and second 7 has no OK request.
        var all = Enumerable.Range(0, 100).Select(i => new Sample(i / 10.0, i < 40 ? 500 : 5, i / 10 == 8 ? 20 : 0.1, Ok: i / 10 != 7)).ToList();
        var warmUp = all.Where(s => s.DueAt < 4).ToList();
        var measured = all.Except(warmUp).ToList();

        var withWarmUp = ScenarioResult.From("x", 10, Plan, measured, dropped: 2, new Dictionary<string, long>(), warmUp: warmUp, drops: [1.5, 9.2, 9.3]);
        var without = ScenarioResult.From("x", 10, Plan, measured, dropped: 2, new Dictionary<string, long>());

        Assert.Equal(Figures(without), Figures(withWarmUp));
        Assert.Equal(5, withWarmUp.P99);
        Assert.Equal(without.Histogram!.Buckets, withWarmUp.Histogram!.Buckets);
        var buckets = withWarmUp.Timeline!.Buckets;
        Assert.Equal((1.0, 4.0, 10), (withWarmUp.Timeline.BucketSeconds, withWarmUp.Timeline.WarmUpSeconds, buckets.Count));
        Assert.Equal([500, 500, 500, 500, 5, 5, 5, null, 5, 5], buckets.Select(b => b.P99));
        Assert.Equal([0, 1, 0, 0, 0, 0, 0, 10, 0, 2], buckets.Select(b => b.FailuresPerSecond)); // failures and drops
        Assert.All(buckets, b => Assert.Equal(10, b.Rps));
        Assert.Equal(20, buckets[8].LagP99Ms);
    }

    [Fact]
    public void Long_runs_chart_about_120_buckets()
    {
        var timeline = Timeline.From(new LoadPlan(TimeSpan.FromSeconds(60), TimeSpan.FromSeconds(540), 10), [], []);

        Assert.Equal((5.0, 120), (timeline.BucketSeconds, timeline.Buckets.Count));
        Assert.All(timeline.Buckets, b => Assert.Null(b.P50));
    }

    [Fact]
    public void The_histogram_has_quarter_octave_buckets_with_every_request_in_one()
    {
        double[] latencies = [1, 1.1, 1.2, 2, 3.9, 4, 100];

        var histogram = LatencyHistogram.From(latencies)!;

        Assert.Equal(1, histogram.Buckets[0].FromMs);
        Assert.Equal(latencies.Length, histogram.Buckets.Sum(b => b.Count));
        Assert.All(histogram.Buckets, b => Assert.Equal(Math.Pow(2, 0.25), b.ToMs / b.FromMs, 2));
        Assert.Equal(2, histogram.Buckets[0].Count); // [1, 1.189)
        Assert.Equal(100, histogram.Buckets[^1].ToMs, tolerance: 100 * 0.19);
        Assert.Null(LatencyHistogram.From([]));
    }

    [Fact]
    public async Task A_baseline_keeps_no_chart_series_and_its_file_keeps_its_shape()
    {
        var run = RealisticRuns.Run(seed: 1);
        Assert.All(run.Scenarios, s => Assert.NotNull(s.Timeline));

        var merged = BaselineMerge.Merge([run, RealisticRuns.Run(seed: 2), RealisticRuns.Run(seed: 3)]);
        var path = Path.GetTempFileName();
        await run.WithoutCharts().SaveAsync(path);
        var json = await File.ReadAllTextAsync(path);
        File.Delete(path);

        Assert.All(merged.Scenarios, s => Assert.Null(s.Timeline ?? (object?)s.Histogram));
        Assert.DoesNotContain("\"timeline\"", json, StringComparison.Ordinal);
        Assert.DoesNotContain("\"histogram\"", json, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Results_json_keeps_the_chart_series()
    {
        var run = RealisticRuns.Run(seed: 1);
        var path = Path.GetTempFileName();
        await run.SaveAsync(path);
        var loaded = await RunResults.LoadAsync(path);
        File.Delete(path);

        Assert.Equal(run.Scenarios[2].Timeline!.Buckets, loaded.Scenarios[2].Timeline!.Buckets);
        Assert.Equal(run.Scenarios[2].Histogram!.Buckets, loaded.Scenarios[2].Histogram!.Buckets);
    }

    private static object Figures(ScenarioResult r) =>
        (r.Requests, r.Ok, r.Fail, r.Rps, r.Mean, r.P50, r.P95, r.P99, r.Max, r.Sends, string.Join(",", r.Windows.Select(w => w.P99)));
}
