using System.Globalization;
using System.Text.Json;
using Sorcha.Performance.Engine.Gate;
using Sorcha.Performance.Engine.Reports;

namespace Sorcha.Performance.Engine.Capacity;

public sealed record CapacityResult(string Scenario, double P99BoundMs, double? CapacityRate, IReadOnlyList<CapacityStep> Steps);

public sealed record CapacityRun(RunMetadata Metadata, IReadOnlyList<CapacityResult> Scenarios);

/// <summary>
/// --capacity: per scenario, alone on the platform, the highest rate whose P99 stays within --p99-bound with OK ≥ 99.9 %.
/// Each scenario is warmed up at its default rate first (--warmup); each step then loads for --duration seconds after
/// a short settle at the step's rate, which also lets the previous step's backlog drain; a step at a low rate runs
/// long enough for <see cref="MinRequestsPerStep"/> requests, so that its P99 is a percentile and not one request.
/// </summary>
public static class CapacityMode
{
    private static readonly TimeSpan Settle = TimeSpan.FromSeconds(3);

    /// <summary>Below this many requests a step's P99 is only its maximum: slow steps are lengthened to reach it.</summary>
    public const int MinRequestsPerStep = 200;

    /// <summary>--duration, or longer at low rates, so that every step measures at least <see cref="MinRequestsPerStep"/> requests.</summary>
    public static TimeSpan StepDuration(TimeSpan duration, double rate) =>
        TimeSpan.FromSeconds(Math.Max(duration.TotalSeconds, Math.Ceiling(MinRequestsPerStep / rate)));

    public static async Task<int> RunAsync(RunOptions options, IReadOnlyList<Scenario> scenarios, CancellationToken ct)
    {
        var start = scenarios.ToDictionary(s => s.Name, s => options.RateOf(s.Name, s.DefaultRate));
        var metadata = RunMetadata.Capture(options, "capacity", start);
        using var context = new LoadContext(options.Target, options.Secret());
        await LoadRun.EnsureReachableAsync(context, ct);
        await LoadRun.InitAsync(context, scenarios, ct);
        var results = new List<CapacityResult>();
        foreach (var scenario in scenarios)
        {
            Console.WriteLine($"capacity {scenario.Name}: warm-up {options.Plan.WarmUp.TotalSeconds:0} s at {start[scenario.Name]:0.#}/s");
            await LoadRun.RunAsync(context, [scenario], start, new LoadPlan(options.Plan.WarmUp, TimeSpan.FromSeconds(1), 1), ct, progress: false);
            var (capacity, steps) = await CapacitySearch.RunAsync(start[scenario.Name], rate => StepAsync(context, scenario, rate, options, ct));
            results.Add(new CapacityResult(scenario.Name, options.P99BoundMs, capacity, steps));
            Console.WriteLine($"capacity {scenario.Name}: {(capacity is { } c ? c.ToString("0.#", CultureInfo.InvariantCulture) + " requests/s" : "none (the lowest rate tried failed)")}");
        }

        var run = new CapacityRun(metadata.Finished(), results);
        Directory.CreateDirectory(options.OutDir);
        await File.WriteAllTextAsync(Path.Combine(options.OutDir, "capacity.json"), JsonSerializer.Serialize(run, RunResults.Json), CancellationToken.None);
        await File.WriteAllTextAsync(Path.Combine(options.OutDir, "capacity.md"), Markdown(run), CancellationToken.None);
        Console.WriteLine();
        Console.Write(Summary(run).ToText());
        Console.WriteLine($"capacity: {Path.Combine(options.OutDir, "capacity.json")} (+ capacity.md)");
        return 0;
    }

    private static async Task<CapacityStep> StepAsync(LoadContext context, Scenario scenario, double rate, RunOptions options, CancellationToken ct)
    {
        var plan = new LoadPlan(Settle, StepDuration(options.Plan.Duration, rate), 1, Ramp: false);
        var (results, _) = await LoadRun.RunAsync(context, [scenario], new Dictionary<string, double> { [scenario.Name] = rate }, plan, ct, progress: false);
        var r = results[0];
        var pass = r.OkRate >= GatePolicy.MinOkRate && r.Sends.Dropped == 0 && r.P99 <= options.P99BoundMs;
        Console.WriteLine(string.Create(CultureInfo.InvariantCulture,
            $"  {rate,8:0.#}/s  {r.Requests,6} requests  OK {r.OkRate:P2}  P50 {r.P50:0.00}  P95 {r.P95:0.00}  P99 {r.P99:0.00} ms  {(pass ? "holds" : "fails")}"));
        return new CapacityStep(rate, r.Requests, r.OkRate, r.P50, r.P95, r.P99, r.Sends.Dropped, pass);
    }

    public static Table Summary(CapacityRun run) => new(
        ["scenario", "capacity/s", "P50 at it", "P95 at it", "P99 at it", "lowest failing rate", "its P99", "its OK rate", "steps"],
        [.. run.Scenarios.Select(s =>
        {
            var held = s.Steps.Where(x => x.Pass && x.Rate == s.CapacityRate).LastOrDefault();
            var failed = s.Steps.Where(x => !x.Pass).OrderBy(x => x.Rate).FirstOrDefault();
            return (IReadOnlyList<string>)[s.Scenario, s.CapacityRate is { } c ? ResultsReport.F(c, "0.#") : "none",
                held is null ? "" : ResultsReport.F(held.P50), held is null ? "" : ResultsReport.F(held.P95), held is null ? "" : ResultsReport.F(held.P99),
                failed is null ? "none" : ResultsReport.F(failed.Rate, "0.#"), failed is null ? "" : ResultsReport.F(failed.P99),
                failed is null ? "" : failed.OkRate.ToString("P2", CultureInfo.InvariantCulture), s.Steps.Count.ToString(CultureInfo.InvariantCulture)];
        })]);

    public static string Markdown(CapacityRun run) =>
        string.Create(CultureInfo.InvariantCulture, $"# Capacity: highest rate with P99 ≤ {(run.Scenarios.Count > 0 ? run.Scenarios[0].P99BoundMs : 0)} ms and OK ≥ 99.9 %\n\n")
        + ResultsReport.Header(run.Metadata).Replace("measured", "each step measured", StringComparison.Ordinal) + "\n" + Summary(run).ToMarkdown()
        + "\nLatencies in ms (of OK requests, from the scheduled start) at the capacity rate. Every step:\n\n"
        + new Table(["scenario", "rate/s", "requests", "OK rate", "P50", "P95", "P99", "dropped", "holds"],
            [.. run.Scenarios.SelectMany(s => s.Steps.Select(x => (IReadOnlyList<string>)[s.Scenario, ResultsReport.F(x.Rate, "0.#"),
                ResultsReport.N(x.Requests), x.OkRate.ToString("P2", CultureInfo.InvariantCulture), ResultsReport.F(x.P50),
                ResultsReport.F(x.P95), ResultsReport.F(x.P99), ResultsReport.N(x.Dropped), x.Pass ? "yes" : "no"]))]).ToMarkdown();
}
