namespace Sorcha.Performance.Engine.Gate;

/// <summary>Stale: faster than the baseline's commit beyond GatePolicy.StaleP50/StaleP95, consistently (A/B runs only).</summary>
public enum Verdict { Pass, Improved, Regression, RunFailed, NotCompared, Stale }

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
    public const int StaleExitCode = 3;

    /// <summary>
    /// 0 pass, 1 regression, 2 the run itself failed (an OK rate under 99.9 %, or nothing to compare), 3 the baseline is
    /// stale (re-record it). A regression outranks a stale baseline: re-recording must not pass it.
    /// </summary>
    public int ExitCode =>
        Checks.Any(c => c.Verdict == Verdict.RunFailed) || Checks.All(c => c.Verdict == Verdict.NotCompared) ? 2
        : Checks.Any(c => c.Verdict == Verdict.Regression) ? 1
        : Checks.Any(c => c.Verdict == Verdict.Stale) ? StaleExitCode
        : 0;

    /// <summary>The scenarios the current build is consistently faster on, beyond the stale shares.</summary>
    public IReadOnlyList<string> StaleScenarios => [.. Checks.Where(c => c.Verdict == Verdict.Stale).Select(c => c.Scenario).Distinct()];
}
