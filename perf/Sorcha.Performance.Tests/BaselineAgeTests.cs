using Sorcha.Performance.Engine;
using Sorcha.Performance.Engine.Gate;

namespace Sorcha.Performance.Tests;

public class BaselineAgeTests
{
    private static readonly BaselineAge Old = new("83c4d6fe94b1b3196239d7315834833bb9f6103b", new DateTimeOffset(2026, 11, 25, 1, 18, 46, TimeSpan.Zero),
        "4dd274a0000000000000000000000000000000ff", 209, "83c4d6fe94b1b3196239d7315834833bb9f6103b", new DateTimeOffset(2026, 11, 25, 1, 19, 44, TimeSpan.Zero));

    [Fact]
    public void The_report_tells_the_baseline_s_age_and_names_the_stale_scenarios_and_the_command_that_re_records_it()
    {
        var (reference, candidate) = (Fakes.Run(seed: 1), Fakes.Run(seed: 2, only: "s4", onlyScale: 0.7));
        reference = reference with { Metadata = reference.Metadata with { Side = RunMetadata.ReferenceSide } };
        candidate = candidate with { Metadata = candidate.Metadata with { Side = RunMetadata.CandidateSide } };
        var comparison = Comparer.Compare(reference, candidate);

        var markdown = ComparisonReport.Markdown(comparison, reference, candidate, RunOptions.DefaultBaseline, reference, Old);

        Assert.Equal(Comparison.StaleExitCode, comparison.ExitCode);
        Assert.Contains("reference: commit 83c4d6f, committed 2026-11-25 01:18 UTC, 209 commits behind the current build 4dd274a", markdown, StringComparison.Ordinal);
        Assert.Contains("checked-in baseline: commit 83c4d6f, recorded 2026-11-25 01:19 UTC\n", markdown, StringComparison.Ordinal);
        Assert.Contains("**The baseline is stale**: this build is consistently faster than the reference on s4,", markdown, StringComparison.Ordinal);
        Assert.Contains($"`{GatePolicy.ReRecordCommand}`", markdown, StringComparison.Ordinal);
        var rows = BaselineAge.Distances(comparison).Rows;
        Assert.Equal(12, rows.Count);
        Assert.Equal(["s4"], rows.Where(r => r[3] == "STALE").Select(r => r[0]));
        Assert.Matches(@"^\d+\.\d\d → \d+\.\d\d ms \(-(2[5-9]|3[0-5])\.\d %\)$", rows.Single(r => r[0] == "s4")[1]); // 0.7×, sampled
    }

    [Fact]
    public void A_current_baseline_has_no_notice_and_says_it_is_the_build_s_own_commit()
    {
        var comparison = Comparer.Compare(Fakes.Run(seed: 1), Fakes.Run(seed: 2));
        var own = Old with { Current = Old.Reference, CommitsBehind = 0 };

        Assert.Null(BaselineAge.StaleNotice(comparison));
        Assert.Contains("the current build's own commit 83c4d6f", own.Lines(), StringComparison.Ordinal);
        Assert.Contains("PERF_REFERENCE", (own with { Reference = "HEAD" }).Lines(), StringComparison.Ordinal);
    }

    [Fact]
    public void Commits_git_does_not_know_leave_the_age_unknown_rather_than_failing()
    {
        var run = Fakes.Run(seed: 1);
        var age = BaselineAge.Capture("0000000000000000000000000000000000000000", run, run);

        Assert.Null(age.CommittedAt);
        Assert.Null(age.CommitsBehind);
        Assert.Contains("unknown", age.Lines(), StringComparison.Ordinal);
    }
}
