using Sorcha.Performance.Engine.Gate;
using Sorcha.Performance.Engine.Reports;

namespace Sorcha.Performance.Engine;

/// <summary>The harness's load and compare modes; each returns the exit code (0 pass, 1 regression, 2 the run failed).</summary>
public static class Modes
{
    /// <param name="scenarios">Makes the selected scenarios; called once more for the reference platform of an A/B run.</param>
    public static async Task<int> LoadAsync(RunOptions options, Func<IReadOnlyList<Scenario>> scenarios, CancellationToken ct)
    {
        if (options.Reference is not null && options.Compare is null && options.UpdateBaseline is null)
        {
            throw new ArgumentException("--reference makes an A/B run: it needs --compare or --update-baseline");
        }

        var candidate = scenarios();
        var rates = candidate.ToDictionary(s => s.Name, s => options.RateOf(s.Name, s.DefaultRate));
        var metadata = RunMetadata.Capture(options, options.Smoke ? "smoke" : "load", rates);
        using var context = new LoadContext(options.Target, options.Secret());
        using var referenceContext = options.Reference is { } reference ? new LoadContext(reference, options.ReferenceSecret()) : null;
        List<Side> sides = [new(context, candidate)];
        if (referenceContext is not null)
        {
            sides.Add(new Side(referenceContext, scenarios()));
        }

        foreach (var side in sides)
        {
            await LoadRun.EnsureReachableAsync(side.Context, ct);
            await LoadRun.InitAsync(side.Context, side.Scenarios, ct);
        }

        var sampler = options.Soak ? new Soak.ResourceSampler(options.PlatformPid!.Value, context.Stored) : null;
        using var stopSampling = new CancellationTokenSource();
        var sampling = sampler?.RunAsync(stopSampling.Token) ?? Task.CompletedTask;
        var plan = options.Plan;
        Console.WriteLine($"load: {plan.WarmUp.TotalSeconds:0} s warm-up, then {plan.Duration.TotalSeconds:0} s measured in {plan.Windows} windows, {candidate.Count} scenarios at once ({rates.Values.Sum():0.#} requests/s{(sides.Count > 1 ? " on each of the candidate and the reference" : "")})");
        var measured = await LoadRun.RunAsync(sides, rates, plan, ct);
        await stopSampling.CancelAsync();
        await sampling;
        var finished = metadata.Finished();
        var run = new RunResults(sides.Count > 1 ? finished with { Side = RunMetadata.CandidateSide } : finished, measured[0].Results);
        var referenceRun = sides.Count > 1 ? new RunResults(finished.AsReference(options), measured[1].Results) : null;

        Directory.CreateDirectory(options.OutDir);
        var path = Path.Combine(options.OutDir, "results.json");
        await run.SaveAsync(path);
        await File.WriteAllTextAsync(Path.Combine(options.OutDir, "results.md"), ResultsReport.Markdown(run), CancellationToken.None);
        await File.WriteAllTextAsync(Path.Combine(options.OutDir, "results.html"), ResultsReport.Html(run), CancellationToken.None);
        if (referenceRun is not null)
        {
            await referenceRun.SaveAsync(Path.Combine(options.OutDir, "reference.json"));
        }

        if (options.Samples)
        {
            await LoadRun.WriteSamplesAsync(Path.Combine(options.OutDir, "samples.csv"), measured[0].Meters);
            if (referenceRun is not null)
            {
                await LoadRun.WriteSamplesAsync(Path.Combine(options.OutDir, "reference-samples.csv"), measured[1].Meters);
            }
        }

        Console.WriteLine();
        Console.Write(ResultsReport.Figures(run).ToText());
        if (ResultsReport.Stages(run) is { } stages)
        {
            Console.WriteLine();
            Console.Write(stages.ToText());
        }

        Console.WriteLine($"results: {path} (+ results.md, results.html{(referenceRun is null ? "" : ", reference.json")}); load average {string.Join(" ", run.Metadata.LoadAverageAtStart)} → {string.Join(" ", run.Metadata.LoadAverageAtEnd ?? [])}");
        if (sampler is not null)
        {
            var verdict = Soak.SoakJudge.Judge(plan, measured[0].Meters, sampler.Samples);
            await Soak.SoakReport.WriteAsync(options.OutDir, run, sampler.Samples, verdict);
            Console.WriteLine();
            Console.Write(Soak.SoakReport.Drifts(verdict).ToText());
            Console.Write(Soak.SoakReport.Growth(verdict).ToText());
            Console.Write(Soak.SoakReport.Summary(verdict));
            Console.WriteLine($"soak: {Path.Combine(options.OutDir, "soak.html")} (+ soak.md, soak.json)");
            return run.RunFailed ? 2 : verdict.Passed ? 0 : 1;
        }

        var outcome = options.Compare is { } compare ? await CompareAsync(compare, run, options.OutDir, referenceRun)
            : run.RunFailed ? 2 : 0;
        return options.UpdateBaseline is { } baseline ? await WriteBaselineAsync(baseline, run, outcome, options.AcceptSlower) : outcome;
    }

    /// <summary>
    /// --update-baseline: the run becomes the baseline only when it is a measured, healthy run (never hand-written, never
    /// a failed one) and, when it was judged against the old baseline's commit, not slower than it unless --accept-slower
    /// says the change means to be: re-recording must not pass a regression (docs/performance.md, "The gate").
    /// </summary>
    private static async Task<int> WriteBaselineAsync(string path, RunResults run, int verdict, bool acceptSlower)
    {
        if (run.RunFailed || verdict == 2)
        {
            Console.Error.WriteLine($"baseline: not written, the run failed (an OK rate under {GatePolicy.MinOkRate:P1}, or the reference's). When the old baseline's commit can no longer run or be driven by this harness, re-record beside this build itself: PERF_REFERENCE=HEAD {GatePolicy.ReRecordCommand}");
            return 2;
        }

        if (verdict == 1 && !acceptSlower)
        {
            Console.Error.WriteLine("baseline: not written, this build is slower than the old baseline's commit (above). A change meant to be slower records with --accept-slower and says why in its commit message.");
            return 1;
        }

        // Recorded beside a reference, it carries the gate's load (both platforms loaded at once); no chart series.
        await (run.WithoutCharts() with { Metadata = run.Metadata with { Side = null } }).SaveAsync(path);
        Console.WriteLine($"baseline: wrote {path} (commit {run.Metadata.Commit}); commit it with the change");
        return 0;
    }

    /// <summary>--baseline-from a.json,b.json [--update-baseline path]: the median of several runs as the baseline.</summary>
    public static async Task<int> MergeBaselineAsync(RunOptions options)
    {
        var runs = await Task.WhenAll(options.BaselineFrom!.Select(RunResults.LoadAsync));
        var path = options.UpdateBaseline ?? RunOptions.DefaultBaseline;
        await BaselineMerge.Merge(runs).SaveAsync(path);
        Console.WriteLine($"baseline: wrote {path}, the median of {runs.Length} runs");
        return 0;
    }

    /// <summary>--compare-only results.json --compare baseline.json: judge an existing run again, without load.</summary>
    public static async Task<int> CompareOnlyAsync(RunOptions options)
    {
        if (options.Compare is null)
        {
            Console.Error.WriteLine("--compare-only needs --compare <baseline.json>");
            return 2;
        }

        Directory.CreateDirectory(options.OutDir);
        return await CompareAsync(options.Compare, await RunResults.LoadAsync(options.CompareOnly!), options.OutDir, null);
    }

    /// <param name="reference">In an A/B run, the baseline's commit measured beside the run: the gate judges against it,
    /// and the checked-in baseline's figures are shown beside it.</param>
    private static async Task<int> CompareAsync(string baselinePath, RunResults run, string outDir, RunResults? reference)
    {
        var recorded = await RunResults.LoadAsync(baselinePath);
        var baseline = reference ?? recorded;
        var comparison = Comparer.Compare(baseline, run);
        var age = BaselineAge.Capture(baseline.Metadata.Commit, run, recorded);
        Console.WriteLine();
        Console.Write(ComparisonReport.Table(comparison).ToText());
        Console.WriteLine();
        Console.Write($"the baseline's age:\n{age.Lines()}");
        Console.Write(BaselineAge.Distances(comparison).ToText());
        if (BaselineAge.StaleNotice(comparison) is { } stale)
        {
            Console.WriteLine();
            Console.Write(stale);
        }

        var path = Path.Combine(outDir, "comparison.md");
        await File.WriteAllTextAsync(path, ComparisonReport.Markdown(comparison, baseline, run, baselinePath, recorded, age), CancellationToken.None);
        await File.WriteAllTextAsync(Path.ChangeExtension(path, ".html"), ComparisonReport.Html(comparison), CancellationToken.None);
        await File.WriteAllTextAsync(Path.ChangeExtension(path, ".json"),
            System.Text.Json.JsonSerializer.Serialize(comparison, RunResults.Json), CancellationToken.None);
        // One "scenario/metric verdict" per line (regression or stale): what CI's confirming run must flag again (.ci/run).
        await File.WriteAllLinesAsync(Path.Combine(outDir, "flagged.txt"),
            comparison.Checks.Where(c => c.Verdict is Verdict.Regression or Verdict.Stale)
                .Select(c => $"{c.Scenario}/{c.Metric} {(c.Verdict == Verdict.Regression ? "regression" : "stale")}"), CancellationToken.None);
        Console.WriteLine($"gate: {ComparisonReport.Outcome(comparison.ExitCode)} (exit {comparison.ExitCode}), machine factor {comparison.MachineFactor:0.000}; {path} (+ comparison.html)");
        return comparison.ExitCode;
    }
}
