namespace Sorcha.Performance.Engine.Gate;

/// <summary>
/// Compares a run with a baseline (docs/performance.md, "The gate"). Each latency percentile of a scenario is judged
/// against the rest of the same run: per sub-window, the machine factor is the median over the other scenarios of
/// their percentile / their baseline percentile. A slower or busier machine moves every scenario alike and divides
/// out; one slower scenario does not move the others' median. The run's overall factor is judged too, with a wider
/// limit, so that a slowdown of everything is not divided away unseen.
/// </summary>
public static class Comparer
{
    private static readonly (string Name, Func<GateFigures, double> Gate, Func<WindowResult, double> Window, double Limit)[] Percentiles =
    [
        ("P50", g => g.P50, w => w.P50, GatePolicy.P50Limit),
        ("P95", g => g.P95, w => w.P95, GatePolicy.P95Limit),
        ("P99", g => g.P99, w => w.P99, GatePolicy.P99Limit),
    ];

    public static Comparison Compare(RunResults baseline, RunResults current)
    {
        var pairs = current.Scenarios
            .Join(baseline.Scenarios, c => c.Scenario, b => b.Scenario, (c, b) => new Pair(c, b))
            .Where(p => SameRate(p.Current, p.Baseline)).ToList();
        var normalise = pairs.Count >= GatePolicy.MinScenariosToNormalise;
        var checks = new List<Check>();
        foreach (var c in current.Scenarios)
        {
            var b = baseline.Scenarios.FirstOrDefault(x => x.Scenario == c.Scenario);
            checks.AddRange(b is null ? [new Check(c.Scenario, "no baseline", 0, 0, 0, null, 0, Verdict.NotCompared)]
                : ScenarioChecks(c, b, pairs, normalise));
        }

        checks.AddRange(baseline.Scenarios.Where(b => current.Scenarios.All(c => c.Scenario != b.Scenario))
            .Select(b => new Check(b.Scenario, "not run", 0, 0, 0, null, 0, Verdict.NotCompared)));
        var machine = LatencyStats.Median(pairs.Where(p => p.Baseline.Gate.P50 > 0).Select(p => p.Current.Gate.P50 / p.Baseline.Gate.P50));
        if (normalise)
        {
            // On another kind of machine everything is slower or faster at once, by design: not a change of the code.
            checks.Add(new Check("(all scenarios)", "machine factor", 1, machine, machine - 1, null, GatePolicy.MachineFactorLimit,
                !SameMachine(baseline, current) ? Verdict.NotCompared
                : machine > GatePolicy.MachineFactorLimit ? Verdict.Regression : Verdict.Pass));
        }

        return new Comparison(machine, normalise, checks);
    }

    private static IEnumerable<Check> ScenarioChecks(ScenarioResult c, ScenarioResult b, List<Pair> pairs, bool normalise)
    {
        if (!SameRate(c, b))
        {
            // A latency at another rate says nothing about this baseline: the comparison cannot be made.
            yield return new Check(c.Scenario, "rate/s", b.Rate, c.Rate, c.Rate / b.Rate - 1, null, 0, Verdict.RunFailed);
            yield break;
        }

        yield return new Check(c.Scenario, "OK rate", b.OkRate, c.OkRate, c.OkRate - b.OkRate, null, GatePolicy.MinOkRate,
            c.OkRate < GatePolicy.MinOkRate ? Verdict.RunFailed : Verdict.Pass);
        yield return new Check(c.Scenario, "RPS", b.Rps, c.Rps, Change(c.Rps, b.Rps), null, 1 - GatePolicy.RpsTolerance,
            c.Rps < b.Rps * (1 - GatePolicy.RpsTolerance) ? Verdict.Regression : Verdict.Pass);
        var others = normalise ? pairs.Where(p => p.Current.Scenario != c.Scenario).ToList() : [];
        foreach (var (name, gate, window, limit) in Percentiles)
        {
            yield return Latency(c, name, gate(b.Gate), gate(c.Gate), limit, w => window(w) / Factor(others, w.Index, gate, window));
        }
    }

    /// <summary>The median over sub-windows of (window percentile / machine factor), against the baseline's figure.</summary>
    private static Check Latency(ScenarioResult c, string metric, double baseline, double current, double limit,
        Func<WindowResult, double> normalisedWindow)
    {
        var values = c.Windows.Where(w => w.Ok > 0).Select(normalisedWindow).Where(double.IsFinite).ToList();
        if (baseline <= 0 || values.Count == 0)
        {
            return new Check(c.Scenario, metric, baseline, current, 0, null, limit, Verdict.NotCompared);
        }

        var ratio = LatencyStats.Median(values) / baseline;
        var verdict = ratio > limit ? Verdict.Regression : ratio < 1 / limit ? Verdict.Improved : Verdict.Pass;
        return new Check(c.Scenario, metric, baseline, current, Change(current, baseline), ratio - 1, limit, verdict);
    }

    /// <summary>Median over the other scenarios of window percentile / baseline percentile; 1 when not normalising.</summary>
    private static double Factor(List<Pair> others, int window, Func<GateFigures, double> gate, Func<WindowResult, double> pick)
    {
        if (others.Count == 0)
        {
            return 1;
        }

        var ratios = others.Where(p => gate(p.Baseline.Gate) > 0)
            .Select(p => p.Current.Windows.FirstOrDefault(w => w.Index == window && w.Ok > 0) is { } w ? pick(w) / gate(p.Baseline.Gate) : double.NaN)
            .Where(double.IsFinite).ToList();
        return ratios.Count == 0 ? double.NaN : LatencyStats.Median(ratios);
    }

    public static bool SameMachine(RunResults baseline, RunResults current) =>
        baseline.Metadata.Machine.Cores == current.Metadata.Machine.Cores && baseline.Metadata.Machine.Cpu == current.Metadata.Machine.Cpu;

    private static bool SameRate(ScenarioResult c, ScenarioResult b) => Math.Abs(c.Rate - b.Rate) <= 1e-9 * Math.Max(1, b.Rate);

    private static double Change(double current, double baseline) => baseline == 0 ? 0 : current / baseline - 1;

    private sealed record Pair(ScenarioResult Current, ScenarioResult Baseline);
}
