using System.Globalization;
using Sorcha.Performance.Engine.Reports;

namespace Sorcha.Performance.Engine.Gate;

/// <summary>
/// How old the gate's reference is, for the report: its commit and when it was committed, how many commits the current
/// build is ahead of it, and the checked-in baseline's own commit and date (the same commit unless PERF_REFERENCE chose
/// another). Null figures were not known (a shallow clone, a current build from another clone).
/// </summary>
public sealed record BaselineAge(string Reference, DateTimeOffset? CommittedAt, string Current, int? CommitsBehind,
    string RecordedCommit, DateTimeOffset RecordedAt)
{
    public static BaselineAge Capture(string reference, RunResults current, RunResults recorded) => new(
        reference,
        Git.Run("show", "-s", "--format=%cI", reference + "^{commit}") is { } date ? DateTimeOffset.Parse(date, CultureInfo.InvariantCulture) : null,
        current.Metadata.Commit,
        Git.Run("rev-list", "--count", $"{reference}..{current.Metadata.Commit}") is { } count ? int.Parse(count, CultureInfo.InvariantCulture) : null,
        recorded.Metadata.Commit,
        recorded.Metadata.StartedAt);

    /// <summary>The age in a few lines (Markdown list items; the console prints them as they are).</summary>
    public string Lines() => string.Create(CultureInfo.InvariantCulture, $"""
        - reference: commit {Short(Reference)}{(CommittedAt is { } at ? $", committed {at.ToUniversalTime():yyyy-MM-dd HH:mm} UTC" : "")}, {Behind()}
        - checked-in baseline: commit {Short(RecordedCommit)}, recorded {RecordedAt.ToUniversalTime():yyyy-MM-dd HH:mm} UTC{(RecordedCommit == Reference ? "" : " (not the reference: PERF_REFERENCE chose another commit)")}

        """);

    /// <summary>Per scenario, how far the current build is from the reference in P50 and P95 (from the comparison's checks).</summary>
    public static Table Distances(Comparison comparison) => new(
        ["scenario", "P50: reference → current", "P95: reference → current", "verdict"],
        [.. comparison.Checks.Where(c => c.Metric is "P50" or "P95").GroupBy(c => c.Scenario).Select(g => (IReadOnlyList<string>)[g.Key,
            Distance(g.FirstOrDefault(c => c.Metric == "P50")), Distance(g.FirstOrDefault(c => c.Metric == "P95")),
            g.Any(c => c.Verdict == Verdict.Regression) ? "REGRESSION" : g.Any(c => c.Verdict == Verdict.Stale) ? "STALE" : ""])]);

    /// <summary>The stale baseline's notice: which scenarios, and the one command that re-records it.</summary>
    public static string? StaleNotice(Comparison comparison) => comparison.StaleScenarios is not { Count: > 0 } stale ? null
        : string.Create(CultureInfo.InvariantCulture, $"""
          **The baseline is stale**: this build is consistently faster than the reference on {string.Join(", ", stale)}, beyond
          {GatePolicy.StaleP50:P0} of the P50 or {GatePolicy.StaleP95:P0} of the P95. An improvement left in the baseline is slack that hides a later
          slowdown, so the change that improves re-records it: on a quiet machine, from a committed tree,
          `{GatePolicy.ReRecordCommand}`, then commit `{RunOptions.DefaultBaseline}` (docs/performance.md, "The gate").

          """);

    private string Behind() => CommitsBehind switch
    {
        null => $"commits behind the current build {Short(Current)}: unknown (not in this clone)",
        0 => $"the current build's own commit {Short(Current)}",
        var n => $"{n} commit{(n == 1 ? "" : "s")} behind the current build {Short(Current)}",
    };

    private static string Distance(Check? c) => c is null or { Verdict: Verdict.NotCompared } ? ""
        : string.Create(CultureInfo.InvariantCulture, $"{c.Baseline:0.00} → {c.Current:0.00} ms ({c.Change:+0.0 %;-0.0 %;0.0 %})");

    private static string Short(string commit) => commit.Length > 7 && commit.All(char.IsAsciiHexDigit) ? commit[..7] : commit;
}
