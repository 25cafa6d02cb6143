using System.Globalization;
using Sorcha.Performance.Engine.Reports;

namespace Sorcha.Performance.Engine.Gate;

/// <summary>comparison.md (for a CI summary) and the console table of a comparison.</summary>
public static class ComparisonReport
{
    public static Table Table(Comparison comparison) => new(
        ["scenario", "metric", "baseline", "current", "change", "normalised", "t", "limit", "verdict"],
        [.. comparison.Checks.Select(c => (IReadOnlyList<string>)[c.Scenario, c.Metric, Value(c.Metric, c.Baseline), Value(c.Metric, c.Current),
            Percent(c.Change), c.Normalised is { } n ? Percent(n) : "", c.Consistency is { } t ? t.ToString("0.0", CultureInfo.InvariantCulture) : "",
            Limit(c), VerdictText(c.Verdict)])]);

    /// <param name="recorded">The checked-in baseline; in an A/B run <paramref name="baseline"/> is its commit measured now.</param>
    public static string Markdown(Comparison comparison, RunResults baseline, RunResults current, string baselinePath, RunResults recorded, BaselineAge age) =>
        Comparer.SameRun(baseline, current) ? AbMarkdown(comparison, baseline, current, baselinePath, recorded, age)
        : string.Create(CultureInfo.InvariantCulture, $"""
            # Load gate: {Outcome(comparison.ExitCode)}

            {BaselineAge.StaleNotice(comparison)}- baseline: `{baselinePath}`, {Describe(baseline)}
            - current: {Describe(current)} → {Load(current.Metadata.LoadAverageAtEnd)}
            - machine factor (median over scenarios of P50 / baseline P50): {comparison.MachineFactor:0.000}{(comparison.Normalised ? "" : " — latencies not normalised: too few scenarios")}
            {PlanNote(baseline.Metadata, current.Metadata)}{MachineNote(baseline, current)}
            {Table(comparison).ToMarkdown()}
            Latency rows: figures over the whole measured window; "normalised" is the change after dividing by the other scenarios'
            median change in the same percentile (the machine factor); the verdict tests it against the limit.
            See docs/performance.md, "The gate". Exit code {comparison.ExitCode}.

            {AgeSection(comparison, age)}
            """);

    private static string AbMarkdown(Comparison comparison, RunResults reference, RunResults current, string baselinePath, RunResults recorded, BaselineAge age) =>
        string.Create(CultureInfo.InvariantCulture, $"""
            # Load gate (A/B): {Outcome(comparison.ExitCode)}

            {BaselineAge.StaleNotice(comparison)}- baseline: commit {reference.Metadata.Commit} (from `{baselinePath}`), measured in this run beside the current
              build, on the same schedule and the same machine; its requests fall halfway between the current build's
            - current: {Describe(current)} → {Load(current.Metadata.LoadAverageAtEnd)}
            - current / baseline, median over scenarios of P50: {comparison.MachineFactor:0.000}

            {Table(comparison).ToMarkdown()}
            Latency rows: figures over the whole measured window of each platform; a change over its limit is a regression
            when it held through the run: "t" is the one-sided t statistic of the two platforms' log ratio window by window
            (over {GatePolicy.MinConsistency} counts; under −{GatePolicy.MinConsistency} with the build faster by more than
            {GatePolicy.StaleP50:P0} of the P50 or {GatePolicy.StaleP95:P0} of the P95, the baseline is stale). See docs/performance.md, "The gate".
            Exit code {comparison.ExitCode}.

            {AgeSection(comparison, age)}
            ## The checked-in figures beside this run's

            `{baselinePath}`: {Describe(recorded)}. Latencies in ms, P50 / P95 / P99; what the machine's state does to
            them shows here and is divided out above by measuring both builds at once.

            {RecordedTable(recorded, reference, current).ToMarkdown()}
            """);

    /// <summary>
    /// comparison.html: per scenario, baseline against current for each percentile with the limit as a line, then the
    /// verdict table. The Markdown stays what CI summaries show; this page is for looking at.
    /// </summary>
    public static string Html(Comparison comparison)
    {
        var cards = comparison.Checks.Where(c => c.Metric is "P50" or "P95" or "P99").GroupBy(c => c.Scenario)
            .Select(g => Svg.Pairs($"{Svg.Id(g.Key)}-gate", g.Key,
                [.. g.Select(c => (c.Metric, c.Baseline, c.Current, c.Limit > 0 ? c.Baseline * c.Limit : (double?)null, c.Verdict == Verdict.Regression))]));
        var body = string.Create(CultureInfo.InvariantCulture, $"""
            <h1>Load gate: {Outcome(comparison.ExitCode)}</h1>
            <p>Baseline (grey) against current (blue; red when the gate calls it a regression), latencies in ms over the whole
            measured window. The dashed line is the baseline × the limit. The verdict tests the change after dividing out the
            machine factor ({comparison.MachineFactor:0.000}{(comparison.Normalised ? "" : ", not applied here")}) or, in an A/B run,
            its consistency window by window, so a bar over the line is a regression only when the table says so.</p>
            {Svg.PairsLegend()}<div class="charts">{string.Concat(cards)}</div>
            <h2>Verdicts</h2>
            {Table(comparison).ToHtml()}<p>See docs/performance.md, "The gate". Exit code {comparison.ExitCode}.</p>
            """);
        return ResultsReport.Page($"Load gate: {Outcome(comparison.ExitCode)}", body);
    }

    /// <summary>The baseline's age: its commit, dates and distance in commits, and per scenario in P50 and P95.</summary>
    public static string AgeSection(Comparison comparison, BaselineAge age) => $"""
        ## The baseline's age

        {age.Lines()}
        {BaselineAge.Distances(comparison).ToMarkdown()}
        """;

    private static Table RecordedTable(RunResults recorded, RunResults reference, RunResults current) => new(
        ["scenario", "recorded baseline", "baseline, this run", "current, this run"],
        [.. current.Scenarios.Select(c => (IReadOnlyList<string>)[c.Scenario,
            Figures(recorded.Scenarios.FirstOrDefault(s => s.Scenario == c.Scenario)),
            Figures(reference.Scenarios.FirstOrDefault(s => s.Scenario == c.Scenario)), Figures(c)])]);

    private static string Figures(ScenarioResult? s) =>
        s is null ? "" : string.Create(CultureInfo.InvariantCulture, $"{s.P50:0.00} / {s.P95:0.00} / {s.P99:0.00}");

    private static string Describe(RunResults run) => string.Create(CultureInfo.InvariantCulture,
        $"commit {run.Metadata.Commit}{(run.Metadata.UncommittedChanges ? " plus uncommitted changes" : "")}, {run.Metadata.StartedAt:yyyy-MM-dd HH:mm} UTC, {run.Metadata.Machine.Cores} × {run.Metadata.Machine.Cpu}, conditions: {run.Metadata.Conditions ?? "not recorded"}, load average {Load(run.Metadata.LoadAverageAtStart)}");

    public static string Outcome(int exitCode) => exitCode switch
    {
        0 => "pass", 1 => "REGRESSION", Comparison.StaleExitCode => "STALE BASELINE (re-record it)", _ => "RUN FAILED",
    };

    /// <summary>A percentile's noise depends on how many requests it rests on: baseline and run should use one plan.</summary>
    private static string PlanNote(RunMetadata b, RunMetadata c) =>
        b.DurationSeconds == c.DurationSeconds && b.WarmUpSeconds == c.WarmUpSeconds ? ""
            : string.Create(CultureInfo.InvariantCulture,
                $"- **note: plans differ** (baseline {b.WarmUpSeconds} s warm-up + {b.DurationSeconds} s; current {c.WarmUpSeconds} s + {c.DurationSeconds} s): percentiles of different sample sizes are not alike\n");

    private static string MachineNote(RunResults b, RunResults c) => Comparer.SameMachine(b, c) ? ""
        : $"- **note: another machine** (baseline {b.Metadata.Machine.Cores} × {b.Metadata.Machine.Cpu}; current {c.Metadata.Machine.Cores} × {c.Metadata.Machine.Cpu}): the machine factor is shown, not judged; re-record the baseline on this machine (docs/performance.md, \"The gate\")\n";

    private static string Value(string metric, double value) => metric switch
    {
        "OK rate" or "reference OK rate" => value.ToString("0.0000", CultureInfo.InvariantCulture),
        "RPS" or "rate/s" or "machine factor" => value.ToString("0.00", CultureInfo.InvariantCulture),
        "not run" or "no baseline" => "",
        _ => value.ToString("0.00", CultureInfo.InvariantCulture) + " ms",
    };

    private static string Limit(Check c) => c.Metric switch
    {
        "OK rate" or "reference OK rate" => "≥ " + c.Limit.ToString("0.000", CultureInfo.InvariantCulture),
        "RPS" => "≥ " + c.Limit.ToString("0.00", CultureInfo.InvariantCulture) + "×",
        "not run" or "no baseline" or "rate/s" => "",
        "P50" or "P95" or "P99" when c.Consistency is not null => "≤ " + Percent(c.Limit - 1) + " or t ≤ " + GatePolicy.MinConsistency.ToString("0.0", CultureInfo.InvariantCulture)
            + StaleLimit(c.Metric),
        "P95" => "≤ " + Percent(c.Limit - 1) + " (or P50 ≤ " + Percent(GatePolicy.P95MedianCorroboration - 1) + "; always ≤ " + Percent(GatePolicy.P95TailOnlyLimit - 1) + ")",
        _ => "≤ " + Percent(c.Limit - 1),
    };

    private static string StaleLimit(string metric) => metric switch
    {
        "P50" => "; stale under " + Percent(-GatePolicy.StaleP50),
        "P95" => "; stale under " + Percent(-GatePolicy.StaleP95),
        _ => "",
    };

    private static string VerdictText(Verdict verdict) => verdict switch
    {
        Verdict.Regression => "REGRESSION",
        Verdict.Stale => "STALE",
        Verdict.RunFailed => "FAIL",
        Verdict.NotCompared => "not compared",
        Verdict.Improved => "improved",
        _ => "pass",
    };

    private static string Percent(double change) => change.ToString("+0.0 %;-0.0 %;0.0 %", CultureInfo.InvariantCulture);

    private static string Load(double[]? load) => load is null or [] ? "n/a" : string.Join(" ", load.Select(l => l.ToString("0.0", CultureInfo.InvariantCulture)));
}
