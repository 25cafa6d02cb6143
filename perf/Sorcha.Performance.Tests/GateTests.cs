using System.Text.Json;
using System.Text.Json.Nodes;
using Sorcha.Performance.Engine;
using Sorcha.Performance.Engine.Gate;

namespace Sorcha.Performance.Tests;

public class GateTests
{
    [Fact]
    public void Another_run_of_the_same_code_passes()
    {
        var comparison = Comparer.Compare(Fakes.Run(seed: 1), Fakes.Run(seed: 2));
        Assert.Equal(0, comparison.ExitCode);
        Assert.DoesNotContain(comparison.Checks, c => c.Verdict == Verdict.Regression);
    }

    [Fact]
    public void A_25_percent_slower_scenario_is_a_regression_on_that_scenario_only()
    {
        var comparison = Comparer.Compare(Fakes.Run(seed: 1), Fakes.Run(seed: 2, only: "s4", onlyScale: 1.25));
        Assert.Equal(1, comparison.ExitCode);
        Assert.Contains(comparison.Checks, c => c is { Scenario: "s4", Metric: "P95", Verdict: Verdict.Regression });
        Assert.All(comparison.Checks.Where(c => c.Verdict == Verdict.Regression), c => Assert.Equal("s4", c.Scenario));
    }

    [Theory]
    [InlineData(1.25, 1.00, false)] // the tail alone, by as much as sampling moves a mixed scenario's P95
    [InlineData(1.40, 1.00, true)]  // the tail alone, far
    [InlineData(1.25, 1.10, true)]  // the tail and the median: the whole distribution moved
    public void A_P95_over_its_limit_counts_with_the_median_or_when_far(double p95Factor, double p50Factor, bool flagged)
    {
        var baseline = JsonNode.Parse(JsonSerializer.Serialize(Fakes.Run(seed: 1), RunResults.Json))!;
        var s7 = baseline["scenarios"]!.AsArray().Single(s => (string?)s!["scenario"] == "s7")!;
        s7["p95"] = (double)s7["p95"]! / p95Factor;
        s7["p50"] = (double)s7["p50"]! / p50Factor;

        var comparison = Comparer.Compare(baseline.Deserialize<RunResults>(RunResults.Json)!, Fakes.Run(seed: 2));
        Assert.Equal(flagged, comparison.Checks.Any(c => c is { Scenario: "s7", Metric: "P95", Verdict: Verdict.Regression }));
    }

    [Fact]
    public void In_an_A_B_run_each_scenario_is_judged_by_itself_so_everything_slower_is_a_regression_everywhere()
    {
        var (reference, candidate) = (Fakes.Run(seed: 1), Fakes.Run(seed: 2, scale: 1.3));
        reference = reference with { Metadata = reference.Metadata with { Side = "reference" } };
        candidate = candidate with { Metadata = candidate.Metadata with { Side = "candidate" } };

        var comparison = Comparer.Compare(reference, candidate);

        Assert.True(Comparer.SameRun(reference, candidate));
        Assert.Equal(1, comparison.ExitCode);
        Assert.All(Enumerable.Range(0, 12), i => Assert.Contains(comparison.Checks, c => c is { Metric: "P50", Verdict: Verdict.Regression } && c.Scenario == $"s{i}"));
        Assert.DoesNotContain(comparison.Checks, c => c.Metric == "machine factor");
        // Unchanged, it passes: the same figures from a single run would pass too.
        Assert.Equal(0, Comparer.Compare(reference, Fakes.Run(seed: 2) with { Metadata = candidate.Metadata }).ExitCode);
    }

    [Theory]
    [InlineData(false, 0)] // one window of stalls: the whole-window P95 moves far, but not window after window
    [InlineData(true, 1)]  // 30 % more in every window: a real slowdown
    public void In_an_A_B_run_a_figure_over_its_limit_counts_when_it_held_through_the_run(bool everyWindow, int exitCode)
    {
        var reference = AbRun("reference", _ => 1);
        var candidate = AbRun("candidate", t => everyWindow ? 1.3 : t < Fakes.Plan.WarmUp.TotalSeconds + 10 ? 5 : 1);

        var comparison = Comparer.Compare(reference, candidate);

        var p95 = comparison.Checks.Single(c => c is { Scenario: "s", Metric: "P95" });
        Assert.True(p95.Change > 0.15, $"the whole-window P95 is over its limit either way ({p95.Change:P0})");
        Assert.Equal(exitCode, comparison.ExitCode);
    }

    [Theory]
    [InlineData(0.80, 3)] // a fifth faster in every window: the baseline is stale
    [InlineData(0.97, 0)] // consistently faster, but within the stale share: slack the gate accepts
    public void In_an_A_B_run_a_build_consistently_faster_than_the_reference_says_the_baseline_is_stale(double factor, int exitCode)
    {
        var comparison = Comparer.Compare(AbRun("reference", _ => 1), AbRun("candidate", _ => factor));

        Assert.Equal(exitCode, comparison.ExitCode);
        Assert.Equal(exitCode == 3 ? ["s"] : [], comparison.StaleScenarios);
        var p50 = comparison.Checks.Single(c => c is { Scenario: "s", Metric: "P50" });
        Assert.True(p50.Consistency < -GatePolicy.MinConsistency, $"consistently faster either way (t {p50.Consistency:0.0})");
    }

    [Fact]
    public void A_reference_that_stalled_once_does_not_make_the_baseline_stale()
    {
        var comparison = Comparer.Compare(AbRun("reference", t => t < Fakes.Plan.WarmUp.TotalSeconds + 10 ? 5 : 1), AbRun("candidate", _ => 1));

        Assert.True(comparison.Checks.Single(c => c is { Scenario: "s", Metric: "P95" }).Change < -GatePolicy.StaleP95, "the whole-window P95 is under the stale share");
        Assert.Equal(0, comparison.ExitCode);
    }

    [Fact]
    public void A_regression_outranks_a_stale_baseline_so_re_recording_cannot_pass_it()
    {
        var (slower, faster) = (AbRun("candidate", _ => 1.3, "a"), AbRun("candidate", _ => 0.7, "b"));
        var candidate = slower with { Scenarios = [slower.Scenarios[0], faster.Scenarios[0]] };

        var comparison = Comparer.Compare(AbRun("reference", _ => 1, "a", "b"), candidate);

        Assert.Equal(1, comparison.ExitCode);
        Assert.Contains(comparison.Checks, c => c is { Scenario: "a", Metric: "P50", Verdict: Verdict.Regression });
        Assert.Equal(["b"], comparison.StaleScenarios);
    }

    [Fact]
    public void In_an_A_B_run_a_P50_a_fifth_higher_in_every_window_is_a_regression()
    {
        var (reference, candidate) = (AbRun("reference", _ => 1), AbRun("candidate", _ => 1.2));
        Assert.Contains(Comparer.Compare(reference, candidate).Checks, c => c is { Scenario: "s", Metric: "P50", Verdict: Verdict.Regression });
        // The same figures judged as a single run against recorded ones: that mode's P50 limit is wider.
        var single = Comparer.Compare(reference with { Metadata = reference.Metadata with { Side = null } }, candidate with { Metadata = candidate.Metadata with { Side = null } });
        Assert.DoesNotContain(single.Checks, c => c is { Metric: "P50", Verdict: Verdict.Regression });
    }

    [Fact]
    public void A_reference_that_failed_requests_fails_the_run()
    {
        var reference = AbRun("reference", _ => 1);
        reference = reference with { Scenarios = [reference.Scenarios[0] with { Ok = reference.Scenarios[0].Requests - 5, Fail = 5 }] };

        var comparison = Comparer.Compare(reference, AbRun("candidate", _ => 1));

        Assert.Equal(2, comparison.ExitCode);
        Assert.Contains(comparison.Checks, c => c is { Metric: "reference OK rate", Verdict: Verdict.RunFailed });
    }

    /// <summary>The scenarios named (one, "s", by default), the same made-up samples for both sides but multiplied by <paramref name="factorAt"/>(due time).</summary>
    private static RunResults AbRun(string side, Func<double, double> factorAt, params string[] names)
    {
        var scenarios = (names.Length == 0 ? ["s"] : names).Select((name, i) =>
        {
            var samples = MadeUpSamples((side == "reference" ? 1 : 2) + 10 * i).Select(s => s with { LatencyMs = s.LatencyMs * factorAt(s.DueAt) }).ToList();
            return ScenarioResult.From(name, 50, Fakes.Plan, samples, 0, new Dictionary<string, long>());
        });
        return new RunResults(Fakes.Metadata(Fakes.Plan) with { Side = side }, [.. scenarios]);
    }

    private static IEnumerable<Sample> MadeUpSamples(int seed)
    {
        var random = new Random(seed);
        for (var i = 0; i < 50 * Fakes.Plan.Duration.TotalSeconds; i++)
        {
            yield return new Sample(Fakes.Plan.WarmUp.TotalSeconds + i / 50.0, 5 * Math.Exp(0.4 * (random.NextDouble() - 0.5)), 0.2, true);
        }
    }

    [Fact]
    public void A_machine_slower_for_everything_is_divided_out_but_far_slower_is_not()
    {
        Assert.Equal(0, Comparer.Compare(Fakes.Run(seed: 1), Fakes.Run(seed: 2, scale: 1.3)).ExitCode);
        var doubled = Comparer.Compare(Fakes.Run(seed: 1), Fakes.Run(seed: 2, scale: 2.5));
        Assert.Equal(1, doubled.ExitCode);
        Assert.Contains(doubled.Checks, c => c is { Metric: "machine factor", Verdict: Verdict.Regression });
    }

    [Fact]
    public void On_another_kind_of_machine_the_machine_factor_is_shown_but_not_judged()
    {
        var elsewhere = Fakes.Run(seed: 2, scale: 2.5);
        elsewhere = elsewhere with { Metadata = elsewhere.Metadata with { Machine = elsewhere.Metadata.Machine with { Cpu = "a slower cpu" } } };
        var comparison = Comparer.Compare(Fakes.Run(seed: 1), elsewhere);
        Assert.Equal(0, comparison.ExitCode);
        Assert.Contains(comparison.Checks, c => c is { Metric: "machine factor", Verdict: Verdict.NotCompared });

        var oneSlower = elsewhere with { Scenarios = Fakes.Run(seed: 2, scale: 2.5, only: "s3", onlyScale: 1.25).Scenarios };
        Assert.Contains(Comparer.Compare(Fakes.Run(seed: 1), oneSlower).Checks, c => c is { Scenario: "s3", Metric: "P95", Verdict: Verdict.Regression });
    }

    [Fact]
    public void A_longer_baseline_compares_like_a_short_one()
    {
        var longBaseline = Fakes.Run(seed: 1, plan: Fakes.Plan with { Duration = TimeSpan.FromSeconds(360), Windows = 36 });
        Assert.Equal(0, Comparer.Compare(longBaseline, Fakes.Run(seed: 2)).ExitCode);
        Assert.Equal(1, Comparer.Compare(longBaseline, Fakes.Run(seed: 2, only: "s0", onlyScale: 1.25)).ExitCode);
    }

    [Fact]
    public void An_ok_rate_under_99_9_percent_fails_the_run()
    {
        var current = Fakes.Run(seed: 2);
        var broken = current.Scenarios[3] with { Ok = current.Scenarios[3].Requests - 5, Fail = 5 };
        var run = current with { Scenarios = [.. current.Scenarios.Select(s => s.Scenario == broken.Scenario ? broken : s)] };
        Assert.Equal(2, Comparer.Compare(Fakes.Run(seed: 1), run).ExitCode);
        Assert.True(run.RunFailed);
    }

    [Fact]
    public void A_run_at_another_rate_cannot_be_compared()
    {
        var current = Fakes.Run(seed: 2);
        var run = current with { Scenarios = [.. current.Scenarios.Select(s => s with { Rate = s.Rate * 2 })] };
        Assert.Equal(2, Comparer.Compare(Fakes.Run(seed: 1), run).ExitCode);
    }

    [Fact]
    public void With_too_few_scenarios_nothing_is_normalised()
    {
        var baseline = Fakes.Run(seed: 1);
        var current = Fakes.Run(seed: 2, scale: 1.3);
        var two = Comparer.Compare(baseline with { Scenarios = [.. baseline.Scenarios.Take(2)] },
            current with { Scenarios = [.. current.Scenarios.Take(2)] });
        Assert.False(two.Normalised);
        Assert.Equal(1, two.ExitCode);
    }
}
