using Sorcha.Performance.Engine.Gate;
using Sorcha.Performance.Engine.Reports;

namespace Sorcha.Performance.Engine;

/// <summary>The harness's load and compare modes; each returns the exit code (0 pass, 1 regression, 2 the run failed).</summary>
public static class Modes
{
    public static async Task<int> LoadAsync(RunOptions options, IReadOnlyList<Scenario> scenarios, CancellationToken ct)
    {
        var rates = scenarios.ToDictionary(s => s.Name, s => options.RateOf(s.Name, s.DefaultRate));
        var metadata = RunMetadata.Capture(options, options.Smoke ? "smoke" : "load", rates);
        using var context = new LoadContext(options.Target, options.Secret());
        await LoadRun.EnsureReachableAsync(context, ct);
        await LoadRun.InitAsync(context, scenarios, ct);
        var plan = options.Plan;
        Console.WriteLine($"load: {plan.WarmUp.TotalSeconds:0} s warm-up, then {plan.Duration.TotalSeconds:0} s measured in {plan.Windows} windows, {scenarios.Count} scenarios at once ({rates.Values.Sum():0.#} requests/s)");
        var (results, meters) = await LoadRun.RunAsync(context, scenarios, rates, plan, ct);
        var run = new RunResults(metadata.Finished(), results);

        Directory.CreateDirectory(options.OutDir);
        var path = Path.Combine(options.OutDir, "results.json");
        await run.SaveAsync(path);
        await File.WriteAllTextAsync(Path.Combine(options.OutDir, "results.md"), ResultsReport.Markdown(run), CancellationToken.None);
        await File.WriteAllTextAsync(Path.Combine(options.OutDir, "results.html"), ResultsReport.Html(run), CancellationToken.None);
        if (options.Samples)
        {
            await LoadRun.WriteSamplesAsync(Path.Combine(options.OutDir, "samples.csv"), meters);
        }

        Console.WriteLine();
        Console.Write(ResultsReport.Figures(run).ToText());
        if (ResultsReport.Stages(run) is { } stages)
        {
            Console.WriteLine();
            Console.Write(stages.ToText());
        }

        Console.WriteLine($"results: {path} (+ results.md, results.html); load average {string.Join(" ", run.Metadata.LoadAverageAtStart)} → {string.Join(" ", run.Metadata.LoadAverageAtEnd ?? [])}");
        if (options.UpdateBaseline is { } baseline)
        {
            // A baseline is only ever a measured, healthy run (never hand-written, never a failed one).
            if (run.RunFailed)
            {
                Console.Error.WriteLine($"baseline: not written, the run failed (an OK rate under {GatePolicy.MinOkRate:P1})");
                return 2;
            }

            await run.SaveAsync(baseline);
            Console.WriteLine($"baseline: wrote {baseline}");
        }

        return options.Compare is { } compare ? await CompareAsync(compare, run, options.OutDir) : run.RunFailed ? 2 : 0;
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
        return await CompareAsync(options.Compare, await RunResults.LoadAsync(options.CompareOnly!), options.OutDir);
    }

    private static async Task<int> CompareAsync(string baselinePath, RunResults run, string outDir)
    {
        var baseline = await RunResults.LoadAsync(baselinePath);
        var comparison = Comparer.Compare(baseline, run);
        Console.WriteLine();
        Console.Write(ComparisonReport.Table(comparison).ToText());
        var path = Path.Combine(outDir, "comparison.md");
        await File.WriteAllTextAsync(path, ComparisonReport.Markdown(comparison, baseline, run, baselinePath), CancellationToken.None);
        await File.WriteAllTextAsync(Path.ChangeExtension(path, ".json"),
            System.Text.Json.JsonSerializer.Serialize(comparison, RunResults.Json), CancellationToken.None);
        // One "scenario/metric" per line: what CI's confirming run must flag again (.ci/run).
        await File.WriteAllLinesAsync(Path.Combine(outDir, "regressions.txt"),
            comparison.Checks.Where(c => c.Verdict == Verdict.Regression).Select(c => $"{c.Scenario}/{c.Metric}"), CancellationToken.None);
        Console.WriteLine($"gate: {ComparisonReport.Outcome(comparison.ExitCode)} (exit {comparison.ExitCode}), machine factor {comparison.MachineFactor:0.000}; {path}");
        return comparison.ExitCode;
    }
}
