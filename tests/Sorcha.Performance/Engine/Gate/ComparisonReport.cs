using System.Globalization;
using Sorcha.Performance.Engine.Reports;

namespace Sorcha.Performance.Engine.Gate;

/// <summary>comparison.md (for a CI summary) and the console table of a comparison.</summary>
public static class ComparisonReport
{
    public static Table Table(Comparison comparison) => new(
        ["scenario", "metric", "baseline", "current", "change", "normalised", "limit", "verdict"],
        [.. comparison.Checks.Select(c => (IReadOnlyList<string>)[c.Scenario, c.Metric, Value(c.Metric, c.Baseline), Value(c.Metric, c.Current),
            Percent(c.Change), c.Normalised is { } n ? Percent(n) : "", Limit(c), VerdictText(c.Verdict)])]);

    public static string Markdown(Comparison comparison, RunResults baseline, RunResults current, string baselinePath) =>
        string.Create(CultureInfo.InvariantCulture, $"""
            # Load gate: {Outcome(comparison.ExitCode)}

            - baseline: `{baselinePath}`, commit {baseline.Metadata.Commit}, {baseline.Metadata.StartedAt:yyyy-MM-dd HH:mm} UTC, load average {Load(baseline.Metadata.LoadAverageAtStart)}, {baseline.Metadata.Machine.Cores} × {baseline.Metadata.Machine.Cpu}, conditions: {baseline.Metadata.Conditions ?? "not recorded"}
            - current: commit {current.Metadata.Commit}{(current.Metadata.UncommittedChanges ? " plus uncommitted changes" : "")}, {current.Metadata.StartedAt:yyyy-MM-dd HH:mm} UTC, load average {Load(current.Metadata.LoadAverageAtStart)} → {Load(current.Metadata.LoadAverageAtEnd)}, conditions: {current.Metadata.Conditions ?? "not recorded"}
            - machine factor (median over scenarios of P50 / baseline P50): {comparison.MachineFactor:0.000}{(comparison.Normalised ? "" : " — latencies not normalised: too few scenarios")}
            {PlanNote(baseline.Metadata, current.Metadata)}{MachineNote(baseline, current)}
            {Table(comparison).ToMarkdown()}
            Latency rows: figures over the whole measured window; "normalised" is the change after dividing by the other scenarios'
            median change in the same percentile (the machine factor); the verdict tests it against the limit.
            See docs/performance.md, "The gate". Exit code {comparison.ExitCode}.

            """);

    public static string Outcome(int exitCode) => exitCode switch { 0 => "pass", 1 => "REGRESSION", _ => "RUN FAILED" };

    /// <summary>A percentile's noise depends on how many requests it rests on: baseline and run should use one plan.</summary>
    private static string PlanNote(RunMetadata b, RunMetadata c) =>
        b.DurationSeconds == c.DurationSeconds && b.WarmUpSeconds == c.WarmUpSeconds ? ""
            : string.Create(CultureInfo.InvariantCulture,
                $"- **note: plans differ** (baseline {b.WarmUpSeconds} s warm-up + {b.DurationSeconds} s; current {c.WarmUpSeconds} s + {c.DurationSeconds} s): percentiles of different sample sizes are not alike\n");

    private static string MachineNote(RunResults b, RunResults c) => Comparer.SameMachine(b, c) ? ""
        : $"- **note: another machine** (baseline {b.Metadata.Machine.Cores} × {b.Metadata.Machine.Cpu}; current {c.Metadata.Machine.Cores} × {c.Metadata.Machine.Cpu}): the machine factor is shown, not judged; re-record the baseline on this machine (docs/performance.md, \"The gate\")\n";

    private static string Value(string metric, double value) => metric switch
    {
        "OK rate" => value.ToString("0.0000", CultureInfo.InvariantCulture),
        "RPS" or "rate/s" or "machine factor" => value.ToString("0.00", CultureInfo.InvariantCulture),
        "not run" or "no baseline" => "",
        _ => value.ToString("0.00", CultureInfo.InvariantCulture) + " ms",
    };

    private static string Limit(Check c) => c.Metric switch
    {
        "OK rate" => "≥ " + c.Limit.ToString("0.000", CultureInfo.InvariantCulture),
        "RPS" => "≥ " + c.Limit.ToString("0.00", CultureInfo.InvariantCulture) + "×",
        "not run" or "no baseline" or "rate/s" => "",
        "P95" => "≤ " + Percent(c.Limit - 1) + " (or P50 ≤ " + Percent(GatePolicy.P95MedianCorroboration - 1) + "; always ≤ " + Percent(GatePolicy.P95TailOnlyLimit - 1) + ")",
        _ => "≤ " + Percent(c.Limit - 1),
    };

    private static string VerdictText(Verdict verdict) => verdict switch
    {
        Verdict.Regression => "REGRESSION",
        Verdict.RunFailed => "FAIL",
        Verdict.NotCompared => "not compared",
        Verdict.Improved => "improved",
        _ => "pass",
    };

    private static string Percent(double change) => change.ToString("+0.0 %;-0.0 %;0.0 %", CultureInfo.InvariantCulture);

    private static string Load(double[]? load) => load is null or [] ? "n/a" : string.Join(" ", load.Select(l => l.ToString("0.0", CultureInfo.InvariantCulture)));
}
