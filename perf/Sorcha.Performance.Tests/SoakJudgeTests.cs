using Sorcha.Performance.Engine;
using Sorcha.Performance.Engine.Soak;

namespace Sorcha.Performance.Tests;

public class SoakJudgeTests
{
    // 60 s warm-up, 20 minutes measured: spans of 5 minutes.
    private static readonly LoadPlan Plan = new(TimeSpan.FromSeconds(60), TimeSpan.FromMinutes(20), 20);
    private static readonly LoadPlan Short = new(TimeSpan.FromSeconds(30), TimeSpan.FromMinutes(2), 2);

    [Fact]
    public void A_steady_run_passes()
    {
        var verdict = SoakJudge.Judge(Plan, [Meter(Plan, seed: 1)], Resources(Plan));
        Assert.True(verdict.Passed, string.Join("; ", verdict.Reasons));
        Assert.Equal(300, verdict.SpanSeconds);
    }

    [Fact]
    public void A_P99_that_rises_by_half_over_the_run_fails()
    {
        var verdict = SoakJudge.Judge(Plan, [Meter(Plan, seed: 1, drift: 1.5)], Resources(Plan));
        Assert.Contains(verdict.Drifts, d => d.Drifted && d.Ratio > 1.3);
        Assert.False(verdict.Passed);
    }

    [Fact]
    public void A_short_run_at_a_low_rate_does_not_fail_on_its_one_minute_P99s_noise()
    {
        // 5/s for a minute per span, a heavy tail: 300 requests, a P99 that moves by tens of percent between two samples
        // of the same distribution.
        var verdicts = Enumerable.Range(1, 20).Select(seed => SoakJudge.Judge(Short, [Meter(Short, seed, rate: 5, sigma: 1)], Resources(Short))).ToList();
        Assert.All(verdicts, v => Assert.True(v.Passed, string.Join("; ", v.Reasons)));
        // The plain rule alone would have failed some of these runs: the bounds are what keeps them green.
        Assert.Contains(verdicts, v => v.Drifts[0].Ratio > SoakJudge.DriftLimit && v.Drifts[0].LastP99 > v.Drifts[0].FirstP99 + SoakJudge.DriftFloorMs);
    }

    [Fact]
    public void A_failed_request_in_the_warm_up_fails_the_soak()
    {
        var meter = Meter(Plan, seed: 1);
        meter.Record(new Sample(1, 5, 0, Ok: false), measured: false);
        var verdict = SoakJudge.Judge(Plan, [meter], Resources(Plan));
        Assert.Contains(verdict.Reasons, r => r.Contains("1 failed", StringComparison.Ordinal));
    }

    [Fact]
    public void Redis_growing_beyond_the_stored_objects_fails_and_growing_with_them_passes()
    {
        // 100 transactions a second: 4 KiB each allows about 117 MB over 20 minutes, plus the slack.
        Assert.True(SoakJudge.Judge(Plan, [Meter(Plan, 1)], Resources(Plan, redisMbPerMinute: 5, transactionsPerSecond: 100)).Passed);
        var verdict = SoakJudge.Judge(Plan, [Meter(Plan, 1)], Resources(Plan, redisMbPerMinute: 10, transactionsPerSecond: 10));
        Assert.Contains(verdict.Reasons, r => r.StartsWith("redis:", StringComparison.Ordinal));
    }

    [Fact]
    public void A_service_whose_memory_keeps_growing_fails_and_one_that_settles_passes()
    {
        var verdict = SoakJudge.Judge(Plan, [Meter(Plan, 1)], Resources(Plan, serviceMbPerMinute: 4));
        Assert.Contains(verdict.Reasons, r => r.StartsWith("Sorcha.Wallet.Service:", StringComparison.Ordinal));
        Assert.True(SoakJudge.Judge(Plan, [Meter(Plan, 1)], Resources(Plan, serviceMbPerMinute: 1)).Passed);
    }

    /// <summary>Lognormal latencies around 5 ms; with <paramref name="drift"/>, multiplied by up to it by the end.</summary>
    private static ScenarioMeter Meter(LoadPlan plan, int seed, double drift = 1, double rate = 50, double sigma = 0.5)
    {
        var meter = new ScenarioMeter("s");
        var random = new Random(seed);
        var end = plan.End.TotalSeconds;
        for (var t = 0.0; t < end; t += 1 / rate)
        {
            var normal = Math.Sqrt(-2 * Math.Log(1 - random.NextDouble())) * Math.Cos(2 * Math.PI * random.NextDouble());
            var factor = 1 + (drift - 1) * Math.Max(0, t - plan.WarmUp.TotalSeconds) / plan.Duration.TotalSeconds;
            meter.Record(new Sample(t, 5 * factor * Math.Exp(sigma * normal), 0.1, true), measured: t >= plan.WarmUp.TotalSeconds);
        }

        return meter;
    }

    private static List<ResourceSample> Resources(LoadPlan plan, double redisMbPerMinute = 0, double transactionsPerSecond = 0, double serviceMbPerMinute = 0)
    {
        var samples = new List<ResourceSample>();
        for (var at = 0.0; at <= plan.End.TotalSeconds; at += ResourceSampler.Interval.TotalSeconds)
        {
            var minutes = at / 60;
            samples.Add(new ResourceSample(at,
                [new ProcessSample("Sorcha.Wallet.Service", 120 + serviceMbPerMinute * minutes, 30), new ProcessSample("dcp", 600 + 10 * minutes, 1)],
                50 + redisMbPerMinute * minutes, 1000 + (long)(at * 10), new StoredCounts((long)(transactionsPerSecond * at), 0, 0)));
        }

        return samples;
    }
}
