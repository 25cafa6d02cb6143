using System.Diagnostics;
using Sorcha.AppHost.Redis;
using Sorcha.AppHost.Supervision;
using Xunit.Abstractions;

namespace Sorcha.FaultTests.Reliability;

/// <summary>
/// The AppHost's own supervision (Aspire does not restart a crashed process): a process is killed with SIGKILL from outside under the fault tests' load
/// (8 writers of client-signed transactions, 2 readers), and nothing in the test starts it again. The AppHost must, and
/// the platform be Healthy and writing again; then the audit: every acknowledged transaction found, none committed
/// twice, verify valid. Unlike <see cref="RedisFaultTests"/> and <see cref="ServiceFaultTests"/>, which stop and start
/// through the orchestrator (a deliberate stop, which the supervisor leaves alone).
/// </summary>
[Collection(FaultScope.Name)]
public sealed class SupervisionTests(FaultPlatformFixture platform, ITestOutputHelper output)
{
    /// <summary>The bound docs/reliability.md ("Supervision") gives Redis: from the kill to the first committed submission, as a client sees it.</summary>
    private static readonly TimeSpan RedisRecoveryBound = TimeSpan.FromSeconds(5);

    /// <summary>
    /// How long the gateway's /health may trail a recovery, by its contract: its answer is reused for
    /// Limits:Health:CacheSeconds (1 s, against anonymous floods; api.md), the probe that replaces it may take up to
    /// Limits:Timeouts:HealthProbeSeconds (3 s), and the test polls every 200 ms.
    /// </summary>
    private static readonly TimeSpan HealthTrail = TimeSpan.FromSeconds(1 + 3 + 0.2);

    /// <summary>A service restart is a .NET start (seconds; tens of seconds on a saturated 2-core machine): no bound but this wait.</summary>
    private static readonly TimeSpan ServicePatience = TimeSpan.FromSeconds(120);

    /// <summary>Acknowledged submissions before the kill: the load is flowing through every hop.</summary>
    private const int Warm = 50;

    /// <summary>After the service is ready again the gateway may still hold a connection to the old process for a moment.</summary>
    private const double SettleMs = 1_000;

    [Fact]
    public Task Redis_killed_from_outside_under_load_is_restarted_by_the_AppHost_and_loses_nothing_acknowledged() => platform.ExplainFailureAsync(async () =>
    {
        Assert.True(platform.Redis.Provider is "redis-server" or "garnet", $"needs a Redis this run owns, not {platform.Redis.Provider}");
        var (load, running, stop, limits, client, registerId) = await StartLoadAsync("supervise-redis");
        var redis = platform.App[RedisSelector.ResourceName];
        var pids = platform.App.Resources.ToDictionary(r => r.Name, r => r.Process!.Id);

        var killedAt = load.Now;
        Process.GetProcessById(pids[redis.Name]).Kill(); // SIGKILL
        var recovery = await WaitForRecoveryAsync(load, redis, pids[redis.Name], RedisRecoveryBound + TimeSpan.FromSeconds(10));
        await Task.Delay(TimeSpan.FromSeconds(1));
        await stop.CancelAsync();
        await running;

        var answers = load.Answers.ToList();
        var errors = answers.Where(a => !a.Ok).ToList();
        output.WriteLine($"Redis killed at {killedAt:F0} ms: {recovery.Describe(killedAt)}; {answers.Count} answers, {errors.Count} errors " +
            $"({errors.Count(a => a.Status == 503)} × 503); 429s waited out: {limits.RateLimited}");
        Assert.Equal(Supervisor.SignalExitCode, redis.ExitCode);
        Assert.True(await platform.App.OutputContainsAsync([redis.Name], l => l.Contains("exited unexpectedly (killed by a signal)", StringComparison.Ordinal)), "no supervisor report in Redis's output");
        Assert.Contains(errors, a => a.Status == 503); // the kill was felt
        Assert.DoesNotContain(answers, a => a.Status == Answer.NoAnswer);
        Assert.All(errors, a => Assert.True(a.Status == 503 && a.IsProblem && a.EndMs >= killedAt && a.StartMs <= recovery.Healthy,
            $"{a.Kind} {a.Status} at {a.StartMs:F0}–{a.EndMs:F0} ms"));
        Assert.True(recovery.FirstCreated - killedAt <= RedisRecoveryBound.TotalMilliseconds, $"first 201 {recovery.FirstCreated - killedAt:F0} ms after the kill");
        Assert.True(recovery.Healthy - recovery.FirstCreated <= HealthTrail.TotalMilliseconds, $"Healthy {recovery.Healthy - recovery.FirstCreated:F0} ms after the first 201");
        // Only Redis was restarted: the services reconnect on their own.
        Assert.All(pids.Where(p => p.Key != redis.Name), p => Assert.Equal(p.Value, platform.App[p.Key].Process!.Id));

        var audit = await RegisterAudit.AssertConsistentAsync(client, registerId, load);
        output.WriteLine($"{audit}; 429s waited out in all: {limits.RateLimited}");
        Assert.Equal(audit.Acknowledged, audit.Found);
        client.Dispose();
    });

    [Fact]
    public Task The_Transaction_service_killed_from_outside_under_load_comes_back_and_commits_nothing_twice() => platform.ExplainFailureAsync(async () =>
    {
        var (load, running, stop, limits, client, registerId) = await StartLoadAsync("supervise-transaction");
        var service = platform.App["transaction"];
        var pid = service.Process!.Id;

        var killedAt = load.Now;
        Process.GetProcessById(pid).Kill(); // SIGKILL, requests in flight
        var recovery = await WaitForRecoveryAsync(load, service, pid, ServicePatience);
        await Task.Delay(TimeSpan.FromSeconds(1));
        await stop.CancelAsync();
        await running;

        var answers = load.Answers.ToList();
        var errors = answers.Where(a => !a.Ok).ToList();
        output.WriteLine($"Transaction service killed at {killedAt:F0} ms: {recovery.Describe(killedAt)}; {answers.Count} answers, errors: " +
            string.Join(", ", errors.GroupBy(e => (e.Kind, e.Status)).Select(g => $"{g.Count()} × {g.Key.Kind} {g.Key.Status}")));
        output.WriteLine(PlatformLogs.ForwardingFailures(platform));
        Assert.Equal(Supervisor.SignalExitCode, service.ExitCode);
        Assert.Contains(errors, e => e.Kind == Answer.Submit); // the kill was felt
        Assert.All(errors, e => Assert.True(e.Status is 502 or 503 && e.IsProblem && e.Kind == Answer.Submit
            && e.EndMs >= killedAt && e.StartMs <= recovery.Back + SettleMs, $"{e.Kind} {e.Status} at {e.StartMs:F0}–{e.EndMs:F0} ms"));

        // The audit counts by txId: no 201 twice, every txId once on the register, height = acknowledged.
        var audit = await RegisterAudit.AssertConsistentAsync(client, registerId, load);
        output.WriteLine($"{audit}; 429s waited out in all: {limits.RateLimited}");
        Assert.Equal(audit.Acknowledged, audit.Found);
        client.Dispose();
    });

    /// <summary>When, on the load's clock: the new process ready, the first 201 of a submission sent after that, the first Healthy after that.</summary>
    private sealed record Recovery(double Back, double FirstCreated, double Healthy)
    {
        public string Describe(double killedAt) => $"ready again after {Back - killedAt:F0} ms, first 201 after " +
            $"{FirstCreated - killedAt:F0} ms, platform Healthy after {Healthy - killedAt:F0} ms";
    }

    private async Task<(TransactionLoad, Task, CancellationTokenSource, RetryAfterHandler, HttpClient, string)> StartLoadAsync(string caller)
    {
        var limits = new RetryAfterHandler();
        var client = await platform.ClientAsync(caller, limits);
        var registerId = (await RegisterFlows.RegisterAsync(client, caller)).Id;
        var load = new TransactionLoad(client, registerId);
        var stop = new CancellationTokenSource();
        var running = load.RunAsync(writers: 8, readers: 2, stop.Token);
        await load.WarmAsync(Warm, ServicePatience);
        return (load, running, stop, limits, client, registerId);
    }

    /// <summary>
    /// The recovery as a client sees it. The gateway's /health reuses an answer for up to a second, so a Healthy alone
    /// could predate the kill; it counts only once a submission sent after the restart was committed (201).
    /// </summary>
    private async Task<Recovery> WaitForRecoveryAsync(TransactionLoad load, PlatformResource state, int killedPid, TimeSpan patience)
    {
        var deadline = load.Now + patience.TotalMilliseconds;
        while (state.Pid == killedPid || !state.IsRunning || !await state.AnswersAsync())
        {
            Assert.True(load.Now < deadline, $"{state.Name} is {state.State}, not restarted. Its output:\n{string.Join('\n', state.Logs().TakeLast(20))}");
            await Task.Delay(20);
        }

        var back = load.Now;
        var created = await load.FirstSuccessAfterAsync(Answer.Submit, back, patience);
        Assert.True(created is not null, $"no submission committed within {patience} after {state.Name} was back");
        while (true)
        {
            var (_, health) = await GatewayHealth.WaitForAsync(platform.Gateway, "Healthy");
            if (health.IsHealthy)
            {
                return new Recovery(back, created.Value, load.Now);
            }

            Assert.True(load.Now < deadline, $"the gateway still says {health.Status}: {string.Join(", ", health.Services.Select(s => $"{s.Key} {s.Value}"))}");
        }
    }
}
