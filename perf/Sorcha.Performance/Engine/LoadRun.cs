using System.Diagnostics;
using System.Globalization;
using System.Text;

namespace Sorcha.Performance.Engine;

/// <summary>Readiness, setup and one timed load of a set of scenarios at once; setup stays out of the clock.</summary>
public static class LoadRun
{
    /// <summary>The target must answer /health before anything is measured; otherwise the run failed (exit 2).</summary>
    public static async Task EnsureReachableAsync(LoadContext context, CancellationToken ct)
    {
        try
        {
            using var response = await context.Http.GetAsync("/health", ct);
            if (!response.IsSuccessStatusCode)
            {
                throw new TargetUnreachableException($"{context.Http.BaseAddress}health answered {(int)response.StatusCode}");
            }
        }
        catch (HttpRequestException ex)
        {
            throw new TargetUnreachableException($"{context.Http.BaseAddress}: {ex.Message}");
        }
    }

    public static async Task InitAsync(LoadContext context, IReadOnlyList<Scenario> scenarios, CancellationToken ct)
    {
        var clock = Stopwatch.StartNew();
        foreach (var scenario in scenarios)
        {
            await scenario.InitAsync(context, ct);
        }

        Console.WriteLine($"init: {scenarios.Count} scenarios ready in {clock.Elapsed.TotalSeconds:0.0} s");
    }

    /// <summary>Every scenario at its rate, all at once, with a progress line every 5 s.</summary>
    public static async Task<(ScenarioResult[] Results, ScenarioMeter[] Meters)> RunAsync(LoadContext context,
        IReadOnlyList<Scenario> scenarios, IReadOnlyDictionary<string, double> rates, LoadPlan plan, CancellationToken ct,
        bool progress = true) =>
        (await RunAsync([new Side(context, scenarios)], rates, plan, ct, progress))[0];

    /// <summary>
    /// Every side's scenarios at their rates, all at once on one schedule: an A/B run loads the reference platform and
    /// the candidate together, request by request (each scenario sends one request per interval to each), so that
    /// whatever the machine does meanwhile falls on both alike.
    /// </summary>
    public static async Task<(ScenarioResult[] Results, ScenarioMeter[] Meters)[]> RunAsync(IReadOnlyList<Side> sides,
        IReadOnlyDictionary<string, double> rates, LoadPlan plan, CancellationToken ct, bool progress = true)
    {
        var meters = sides.Select(side => side.Scenarios.Select(s => new ScenarioMeter(s.Name)).ToArray()).ToArray();
        var clock = Stopwatch.StartNew();
        using var stop = CancellationTokenSource.CreateLinkedTokenSource(ct);
        var printing = progress ? ProgressAsync(meters, plan, clock, stop.Token) : Task.CompletedTask;
        var arrivals = sides.SelectMany((side, k) => side.Scenarios.Select((s, i) => new Arrivals(s, rates[s.Name], meters[k][i], side.Context)));
        await OpenModelRunner.RunAsync([.. arrivals], plan, clock, ct);
        await stop.CancelAsync();
        await printing;
        return [.. sides.Select((side, k) => (side.Scenarios.Select((s, i) => Result(s.Name, rates[s.Name], plan, meters[k][i])).ToArray(), meters[k]))];
    }

    private static ScenarioResult Result(string name, double rate, LoadPlan plan, ScenarioMeter meter)
    {
        var (warmUp, drops) = meter.ChartSamples();
        return ScenarioResult.From(name, rate, plan, meter.Samples(), meter.Dropped, meter.Errors, meter.Stages(), warmUp, drops);
    }

    /// <summary>samples.csv (--samples): every measured request, for checking a gate method offline.</summary>
    public static async Task WriteSamplesAsync(string path, IEnumerable<ScenarioMeter> meters)
    {
        var csv = new StringBuilder("scenario,dueAt,latencyMs,lagMs,ok\n");
        foreach (var meter in meters)
        {
            foreach (var s in meter.Samples())
            {
                csv.Append(CultureInfo.InvariantCulture, $"{meter.Scenario},{s.DueAt:0.######},{s.LatencyMs:0.###},{s.LagMs:0.###},{(s.Ok ? 1 : 0)}\n");
            }
        }

        await File.WriteAllTextAsync(path, csv.ToString());
    }

    /// <summary>Progress every 5 s; in an A/B run each scenario's P95 shows per side ("current/reference").</summary>
    private static async Task ProgressAsync(ScenarioMeter[][] sides, LoadPlan plan, Stopwatch clock, CancellationToken ct)
    {
        using var timer = new PeriodicTimer(TimeSpan.FromSeconds(5));
        try
        {
            while (await timer.WaitForNextTickAsync(ct))
            {
                var phase = clock.Elapsed < plan.WarmUp ? "warm-up" : "measured";
                var p95 = string.Join(", ", sides[0].Select((m, i) => $"{m.Scenario} {string.Join('/', sides.Select(side => RecentP95(side[i])))}"));
                var all = sides.SelectMany(side => side).ToList();
                Console.WriteLine(string.Create(CultureInfo.InvariantCulture,
                    $"[{clock.Elapsed.TotalSeconds,4:0} s {phase}] requests {all.Sum(m => m.Requests):N0}, OK {all.Sum(m => m.Ok):N0} | P95 ms (last 5 s): {p95}"));
            }
        }
        catch (OperationCanceledException)
        {
            // the load finished
        }
    }

    private static string RecentP95(ScenarioMeter meter) => meter.TakeRecent() is { Count: > 0 } recent
        ? LatencyStats.Percentile([.. recent.Order()], 0.95).ToString("0.0", CultureInfo.InvariantCulture)
        : "-";
}

/// <summary>One platform under load and the scenarios that target it (an A/B run has two, loaded together).</summary>
public sealed record Side(LoadContext Context, IReadOnlyList<Scenario> Scenarios);

public sealed class TargetUnreachableException(string message) : Exception(message);
