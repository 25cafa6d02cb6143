namespace Sorcha.Performance.Engine.Soak;

/// <summary>
/// The soak's verdict (docs/reliability.md, "Soak"): it fails when any request failed (warm-up included) or a send was
/// dropped; when a scenario's P99 over the last span is more than <see cref="DriftLimit"/> × (and
/// <see cref="DriftFloorMs"/> above) its P99 over the first warm span; or when a process or Redis grew beyond what
/// <see cref="GrowthModel"/> explains. A span is 5 minutes, or half the measured time in a shorter run.
/// </summary>
public static class SoakJudge
{
    public const double DriftLimit = 1.20;
    public const double DriftFloorMs = 1;
    public static readonly TimeSpan Span = TimeSpan.FromMinutes(5);

    /// <summary>
    /// A drift counts only beyond the P99s' sampling noise: the last span's lower bound must clear the limit over the
    /// first span's upper bound, both distribution-free order-statistic bounds at ±<see cref="Z"/> standard errors of
    /// the rank. A 30-minute run's 5-minute P99s rest on thousands of requests, so there the bounds nearly meet the
    /// estimates; a 2-minute run's one-minute P99s at 20/s rest on ~1,200, about ±6 % each, which alone would fail one
    /// run in a few on noise.
    /// </summary>
    public const double Z = 2;

    public static SoakVerdict Judge(LoadPlan plan, IReadOnlyList<ScenarioMeter> meters, IReadOnlyList<ResourceSample> samples)
    {
        var span = Math.Min(Span.TotalSeconds, plan.Duration.TotalSeconds / 2);
        var first = (From: plan.WarmUp.TotalSeconds, To: plan.WarmUp.TotalSeconds + span);
        var last = (From: plan.End.TotalSeconds - span, To: plan.End.TotalSeconds);
        var drifts = meters.Select(m => Drift(m.Scenario, m.Samples(), first, last)).ToList();
        var failures = meters.Select(m => new FailureCount(m.Scenario,
            m.Samples().Count(s => !s.Ok) + m.ChartSamples().WarmUp.Count(s => !s.Ok), m.Dropped)).ToList();
        var growth = GrowthModel.Judge(samples, first, last);

        List<string> reasons =
        [
            .. failures.Where(f => f.Failed + f.Dropped > 0).Select(f => $"{f.Scenario}: {f.Failed} failed, {f.Dropped} dropped"),
            .. drifts.Where(d => d.Drifted).Select(d => $"{d.Scenario}: P99 {d.FirstP99} → {d.LastP99} ms (×{d.Ratio})"),
            .. growth.Reasons,
        ];
        return new SoakVerdict(span, drifts, failures, growth, reasons);
    }

    private static LatencyDrift Drift(string scenario, IReadOnlyList<Sample> samples, (double From, double To) first, (double From, double To) last)
    {
        double[] In((double From, double To) span) =>
            [.. samples.Where(s => s.Ok && s.DueAt >= span.From && s.DueAt < span.To).Select(s => s.LatencyMs).Order()];
        var (a, b) = (In(first), In(last));
        if (a.Length == 0 || b.Length == 0)
        {
            return new LatencyDrift(scenario, 0, 0, 0, a.Length, b.Length, false);
        }

        var (p99A, p99B) = (LatencyStats.Percentile(a, 0.99), LatencyStats.Percentile(b, 0.99));
        var drifted = p99B > DriftLimit * p99A && p99B > p99A + DriftFloorMs
                      && Bound(b, -Z) > DriftLimit * Bound(a, Z);
        return new LatencyDrift(scenario, p99A, p99B, LatencyStats.Round(p99B / p99A), a.Length, b.Length, drifted);
    }

    /// <summary>The order statistic <paramref name="z"/> standard errors of the rank away from the P99's (clamped).</summary>
    private static double Bound(double[] sorted, double z)
    {
        var n = sorted.Length;
        var rank = 0.99 * n + z * Math.Sqrt(n * 0.99 * 0.01);
        return sorted[Math.Clamp((int)Math.Ceiling(rank) - 1, 0, n - 1)];
    }
}

public sealed record LatencyDrift(string Scenario, double FirstP99, double LastP99, double Ratio, int FirstCount, int LastCount, bool Drifted);

public sealed record FailureCount(string Scenario, long Failed, long Dropped);

public sealed record SoakVerdict(double SpanSeconds, IReadOnlyList<LatencyDrift> Drifts, IReadOnlyList<FailureCount> Failures,
    GrowthVerdict Growth, IReadOnlyList<string> Reasons)
{
    public bool Passed => Reasons.Count == 0;
}
