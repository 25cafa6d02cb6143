namespace Sorcha.Performance.Engine.Gate;

public enum Verdict { Pass, Improved, Regression, RunFailed, NotCompared }

/// <summary>
/// One row of the comparison. Change is current/baseline − 1 on the raw figures; Normalised is the change after
/// dividing out the run's machine factor (latencies only), and it is what the verdict tests against Limit. In an A/B
/// run nothing is divided out, and Consistency is the t statistic of the per-window ratios (GatePolicy.MinConsistency).
/// </summary>
public sealed record Check(string Scenario, string Metric, double Baseline, double Current, double Change,
    double? Normalised, double Limit, Verdict Verdict)
{
    public double? Consistency { get; init; }
}

/// <summary>A run against a baseline: every check, the machine factor, and the exit code they make.</summary>
public sealed record Comparison(double MachineFactor, bool Normalised, IReadOnlyList<Check> Checks)
{
    /// <summary>0 pass, 1 regression, 2 the run itself failed (an OK rate under 99.9 %, or nothing to compare).</summary>
    public int ExitCode =>
        Checks.Any(c => c.Verdict == Verdict.RunFailed) || Checks.All(c => c.Verdict == Verdict.NotCompared) ? 2
        : Checks.Any(c => c.Verdict == Verdict.Regression) ? 1
        : 0;
}
