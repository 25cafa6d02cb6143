using Xunit.Abstractions;

namespace Sorcha.FaultTests.Reliability;

/// <summary>
/// One service goes down under load — the Transaction service crashes (SIGKILL, requests in flight), the Register
/// service (and its docket sealer) restarts gracefully — and comes back. Clients see 502/503 problem documents only
/// while it is down; resending after an error never commits twice and no docket range is sealed twice.
/// </summary>
[Collection(FaultScope.Name)]
public sealed class ServiceFaultTests(FaultPlatformFixture platform, ITestOutputHelper output)
{
    /// <summary>Acknowledged submissions before the fault: the load is flowing through every hop.</summary>
    private const int Warm = 50;

    /// <summary>After the service is ready again the gateway may still hold a connection to the old process for a moment.</summary>
    private const double SettleMs = 1_000;

    [Theory]
    [InlineData("transaction", true, Answer.Submit)]
    [InlineData("register", false, Answer.Read)]
    public Task A_service_down_under_load_costs_errors_only_while_it_is_down_and_never_a_double_commit_or_seal(
        string service, bool kill, string routedToIt) => platform.ExplainFailureAsync(async () =>
    {
        var limits = new RetryAfterHandler();
        using var client = await platform.ClientAsync("fault-" + service, limits);
        var registerId = (await RegisterFlows.RegisterAsync(client, service + " fault")).Id;
        var load = new TransactionLoad(client, registerId);
        using var stop = new CancellationTokenSource();
        var running = load.RunAsync(writers: 8, readers: 2, stop.Token);
        await load.WarmAsync(Warm, TimeSpan.FromSeconds(60));

        var downAt = load.Now;
        await platform.App.StopResourceAsync(service, kill);
        await platform.App.StartResourceAsync(service);
        var upAt = load.Now;
        await Task.Delay(TimeSpan.FromSeconds(2));
        stop.Cancel();
        await running;

        var answers = load.Answers.ToList();
        var errors = answers.Where(a => !a.Ok).ToList();
        output.WriteLine($"{service} {(kill ? "killed" : "stopped")} and back in {upAt - downAt:F0} ms; {answers.Count} answers, " +
            $"errors: {string.Join(", ", errors.GroupBy(e => (e.Kind, e.Status)).Select(g => $"{g.Count()} × {g.Key.Kind} {g.Key.Status}"))}");

        output.WriteLine(PlatformLogs.ForwardingFailures(platform));

        Assert.Contains(errors, e => e.Kind == routedToIt); // the fault was real: requests to it failed while it was down
        Assert.All(errors, e => Assert.True(e.Status is 502 or 503 && e.IsProblem && e.Kind == routedToIt,
            $"{e.Kind} answered {e.Status} (problem document: {e.IsProblem})"));
        Assert.All(errors, e => Assert.True(e.EndMs >= downAt && e.StartMs <= upAt + SettleMs,
            $"{e.Kind} {e.Status} at {e.StartMs:F0}–{e.EndMs:F0} ms, outside the outage {downAt:F0}–{upAt:F0} ms"));

        var audit = await RegisterAudit.AssertConsistentAsync(client, registerId, load);
        output.WriteLine($"{audit}; 429s waited out (Retry-After): {limits.RateLimited}");
        Assert.Equal(audit.Acknowledged, audit.Found);
    });
}
