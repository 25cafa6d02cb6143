namespace Sorcha.Performance.Engine.Gate;

/// <summary>
/// Compares a run with a baseline (docs/performance.md, "The gate"). Each latency percentile of a scenario, over its
/// whole measured window, is judged against the rest of the same run: the machine factor is the median over the other
/// scenarios of their percentile / their baseline percentile, and the scenario's own ratio is divided by it. A slower
/// or busier machine that moves every scenario alike divides out; one slower scenario does not move the others'
/// median. The run's overall factor is judged too, with a wider limit, so that a slowdown of everything is not divided
/// away unseen.
/// In an A/B run the baseline is the baseline's commit measured in the same run, beside the candidate and under the
/// same load: whatever the machine did fell on both, so nothing is divided out and each scenario is judged by itself,
/// both ways: consistently slower is a regression, consistently faster beyond a share means the baseline is stale.
/// </summary>
public static class Comparer
{
    private static readonly (string Name, Func<ScenarioResult, double> Figure, Func<WindowResult, double> Window, double Limit)[] Percentiles =
    [
        ("P50", s => s.P50, w => w.P50, GatePolicy.P50Limit),
        ("P95", s => s.P95, w => w.P95, GatePolicy.P95Limit),
        ("P99", s => s.P99, w => w.P99, GatePolicy.P99Limit),
    ];

    /// <summary>An A/B run's limits, and how much faster is stale (0: never, the P99 is too noisy to say).</summary>
    private static readonly (string Name, Func<ScenarioResult, double> Figure, Func<WindowResult, double> Window, double Limit, double Stale)[] AbPercentiles =
    [
        ("P50", s => s.P50, w => w.P50, GatePolicy.AbP50Limit, GatePolicy.StaleP50),
        ("P95", s => s.P95, w => w.P95, GatePolicy.P95Limit, GatePolicy.StaleP95),
        ("P99", s => s.P99, w => w.P99, GatePolicy.P99Limit, 0),
    ];

    public static Comparison Compare(RunResults baseline, RunResults current)
    {
        var pairs = current.Scenarios
            .Join(baseline.Scenarios, c => c.Scenario, b => b.Scenario, (c, b) => new Pair(c, b))
            .Where(p => SameRate(p.Current, p.Baseline) && p.Current.Ok > 0).ToList();
        var sameRun = SameRun(baseline, current);
        var normalise = pairs.Count >= GatePolicy.MinScenariosToNormalise && !sameRun;
        var checks = new List<Check>();
        foreach (var c in current.Scenarios)
        {
            var b = baseline.Scenarios.FirstOrDefault(x => x.Scenario == c.Scenario);
            checks.AddRange(b is null ? [new Check(c.Scenario, "no baseline", 0, 0, 0, null, 0, Verdict.NotCompared)]
                : sameRun ? AbChecks(c, b) : ScenarioChecks(c, b, pairs, normalise));
        }

        checks.AddRange(baseline.Scenarios.Where(b => current.Scenarios.All(c => c.Scenario != b.Scenario))
            .Select(b => new Check(b.Scenario, "not run", 0, 0, 0, null, 0, Verdict.NotCompared)));
        // In an A/B run this is only reported (current / reference, median over scenarios of P50): both sides ran on
        // the machine as it was, and each scenario was judged by itself.
        var machine = Factor(pairs, s => s.P50);
        if (normalise)
        {
            // On another kind of machine everything is slower or faster at once, by design: not a change of the code.
            checks.Add(new Check("(all scenarios)", "machine factor", 1, machine, machine - 1, null, GatePolicy.MachineFactorLimit,
                !SameMachine(baseline, current) ? Verdict.NotCompared
                : machine > GatePolicy.MachineFactorLimit ? Verdict.Regression : Verdict.Pass));
        }

        return new Comparison(machine, normalise, checks);
    }

    /// <summary>An A/B run: the baseline is the reference platform measured beside the candidate.</summary>
    public static bool SameRun(RunResults baseline, RunResults current) =>
        baseline.Metadata.Side == RunMetadata.ReferenceSide && current.Metadata.Side == RunMetadata.CandidateSide && baseline.Metadata.StartedAt == current.Metadata.StartedAt;

    public static bool SameMachine(RunResults baseline, RunResults current) =>
        baseline.Metadata.Machine.Cores == current.Metadata.Machine.Cores && baseline.Metadata.Machine.Cpu == current.Metadata.Machine.Cpu;

    private static IEnumerable<Check> ScenarioChecks(ScenarioResult c, ScenarioResult b, List<Pair> pairs, bool normalise)
    {
        if (!SameRate(c, b))
        {
            // A latency at another rate says nothing about this baseline: the comparison cannot be made.
            yield return new Check(c.Scenario, "rate/s", b.Rate, c.Rate, c.Rate / b.Rate - 1, null, 0, Verdict.RunFailed);
            yield break;
        }

        foreach (var check in RateChecks(c, b))
        {
            yield return check;
        }

        var others = normalise ? pairs.Where(p => p.Current.Scenario != c.Scenario).ToList() : [];
        var checks = Percentiles.Select(p => Latency(c.Scenario, p.Name, p.Figure(b), p.Figure(c), p.Limit,
            others.Count == 0 ? 1 : Factor(others, p.Figure))).ToList();
        // A P95 over its limit counts when the median moved too, or when the tail alone moved far: extra work or waiting
        // moves the whole distribution, while a P95 resting on a few dozen requests of a mixed scenario also moves by
        // chance (docs/performance.md, "The gate").
        var p50 = checks[0].Normalised ?? 0;
        checks[1] = checks[1] is { Verdict: Verdict.Regression, Normalised: { } p95 }
                    && p50 <= GatePolicy.P95MedianCorroboration - 1 && p95 <= GatePolicy.P95TailOnlyLimit - 1
            ? checks[1] with { Verdict = Verdict.Pass }
            : checks[1];
        foreach (var check in checks)
        {
            yield return check;
        }
    }

    /// <summary>
    /// An A/B run: each percentile against the reference's, nothing divided out; over its limit it is a regression only
    /// when the per-window ratios say so consistently (<see cref="GatePolicy.MinConsistency"/>), and under the reference by
    /// more than its stale share, just as consistently, it says the baseline is stale. The reference must have done the
    /// work too: its OK rate is checked like the candidate's.
    /// </summary>
    private static IEnumerable<Check> AbChecks(ScenarioResult c, ScenarioResult b) =>
        !SameRate(c, b) ? ScenarioChecks(c, b, [], normalise: false)
        : RateChecks(c, b).Concat(ReferenceFailed(c, b)).Concat(AbPercentiles.Select(p =>
        {
            var check = Latency(c.Scenario, p.Name, p.Figure(b), p.Figure(c), p.Limit, 1);
            var t = Consistency(c.Windows, b.Windows, p.Window);
            var consistent = t is { } value && value > GatePolicy.MinConsistency;
            var consistentlyFaster = t is { } faster && faster < -GatePolicy.MinConsistency;
            return check with
            {
                Normalised = null,
                Consistency = t,
                Verdict = check.Verdict == Verdict.Regression && t is not null && !consistent ? Verdict.Pass
                    : check.Verdict != Verdict.NotCompared && p.Stale > 0 && consistentlyFaster && check.Change < -p.Stale ? Verdict.Stale
                    : check.Verdict,
            };
        }));

    /// <summary>A reference that failed requests did not do the work its figures claim: the run failed (exit 2).</summary>
    private static IEnumerable<Check> ReferenceFailed(ScenarioResult c, ScenarioResult b) => b.OkRate >= GatePolicy.MinOkRate ? []
        : [new Check(c.Scenario, "reference OK rate", b.OkRate, c.OkRate, c.OkRate - b.OkRate, null, GatePolicy.MinOkRate, Verdict.RunFailed)];

    /// <summary>
    /// One-sided t statistic of the log ratios current / reference of one figure, window by window (windows are paired
    /// in time: both platforms were loaded at once); null when too few windows have figures on both sides.
    /// </summary>
    public static double? Consistency(IReadOnlyList<WindowResult> current, IReadOnlyList<WindowResult> reference, Func<WindowResult, double> figure)
    {
        var ratios = current.Join(reference, w => w.Index, w => w.Index, (c, r) => (C: figure(c), R: figure(r)))
            .Where(p => p.C > 0 && p.R > 0).Select(p => Math.Log(p.C / p.R)).ToList();
        if (ratios.Count < GatePolicy.MinPairedWindows)
        {
            return null;
        }

        var mean = ratios.Average();
        var sd = Math.Sqrt(ratios.Sum(r => (r - mean) * (r - mean)) / (ratios.Count - 1));
        return sd > 0 ? mean / (sd / Math.Sqrt(ratios.Count)) : mean > 0 ? double.PositiveInfinity : 0;
    }

    private static IEnumerable<Check> RateChecks(ScenarioResult c, ScenarioResult b) =>
    [
        new Check(c.Scenario, "OK rate", b.OkRate, c.OkRate, c.OkRate - b.OkRate, null, GatePolicy.MinOkRate,
            c.OkRate < GatePolicy.MinOkRate ? Verdict.RunFailed : Verdict.Pass),
        new Check(c.Scenario, "RPS", b.Rps, c.Rps, Change(c.Rps, b.Rps), null, 1 - GatePolicy.RpsTolerance,
            c.Rps < b.Rps * (1 - GatePolicy.RpsTolerance) ? Verdict.Regression : Verdict.Pass),
    ];

    /// <summary>The scenario's percentile / the machine factor, against the baseline's figure.</summary>
    private static Check Latency(string scenario, string metric, double baseline, double current, double limit, double factor)
    {
        if (baseline <= 0 || current <= 0 || !double.IsFinite(factor) || factor <= 0)
        {
            return new Check(scenario, metric, baseline, current, 0, null, limit, Verdict.NotCompared);
        }

        var ratio = current / factor / baseline;
        var verdict = ratio > limit ? Verdict.Regression : ratio < 1 / limit ? Verdict.Improved : Verdict.Pass;
        return new Check(scenario, metric, baseline, current, Change(current, baseline), ratio - 1, limit, verdict);
    }

    /// <summary>Median over <paramref name="pairs"/> of current / baseline for one figure.</summary>
    private static double Factor(List<Pair> pairs, Func<ScenarioResult, double> figure) =>
        pairs.Where(p => figure(p.Baseline) > 0 && figure(p.Current) > 0).Select(p => figure(p.Current) / figure(p.Baseline)).ToList() is { Count: > 0 } ratios
            ? LatencyStats.Median(ratios) : double.NaN;

    private static bool SameRate(ScenarioResult c, ScenarioResult b) => Math.Abs(c.Rate - b.Rate) <= 1e-9 * Math.Max(1, b.Rate);

    private static double Change(double current, double baseline) => baseline == 0 ? 0 : current / baseline - 1;

    private sealed record Pair(ScenarioResult Current, ScenarioResult Baseline);
}
