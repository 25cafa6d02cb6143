using Sorcha.AppHost;
using Sorcha.AppHost.Redis;
using Xunit.Abstractions;

namespace Sorcha.FaultTests.Reliability;

/// <summary>
/// Redis is killed with SIGKILL under load and started again on the same data (AOF). Clients must get 503 problem
/// documents with Retry-After while it is gone (fast, never a hang), the services must answer again soon after it is
/// back without being restarted themselves, and every transaction that was acknowledged must still be in the register.
/// </summary>
[Collection(FaultScope.Name)]
public sealed class RedisFaultTests(FaultPlatformFixture platform, ITestOutputHelper output)
{
    private static readonly TimeSpan RecoveryBound = TimeSpan.FromSeconds(5);

    [Fact]
    public Task Redis_killed_under_load_loses_nothing_acknowledged_and_services_recover_without_restarting() => platform.ExplainFailureAsync(async () =>
    {
        Assert.True(platform.Redis.Provider is "redis-server" or "garnet", $"needs a Redis this run owns, not {platform.Redis.Provider}");
        var limits = new RetryAfterHandler();
        using var client = await platform.ClientAsync("fault-redis", limits);
        var registerId = (await RegisterFlows.RegisterAsync(client, "redis fault")).Id;
        var pids = platform.Services.ToDictionary(s => s, s => platform.App[s].Process!.Id);

        var load = new TransactionLoad(client, registerId);
        using var stop = new CancellationTokenSource();
        var running = load.RunAsync(writers: 8, readers: 2, stop.Token);
        await load.WarmAsync(acknowledged: 50, TimeSpan.FromSeconds(60));

        // The outage: from the moment the process is gone until a new one is being started; answers that overlap its
        // edges may be either.
        var killing = load.Now;
        await platform.App.StopResourceAsync(RedisSelector.ResourceName, kill: true);
        var killedAt = load.Now;
        // Long enough for every writer and reader to meet the outage several times (each resends within 50 ms).
        await Task.Delay(TimeSpan.FromSeconds(1));
        var starting = load.Now;
        await platform.App.StartResourceAsync(RedisSelector.ResourceName);
        var backAt = load.Now;

        // Both waits reach past the bound asserted below, so that a slow recovery fails on the bound, not on a wait cut
        // short (the read used to be given 1 s after the first 201, whatever the bound).
        var submitBack = await load.FirstSuccessAfterAsync(Answer.Submit, backAt, RecoveryBound + TimeSpan.FromSeconds(3));
        var readBack = await load.FirstSuccessAfterAsync(Answer.Read, backAt, RecoveryBound + TimeSpan.FromSeconds(3));
        await Task.Delay(TimeSpan.FromSeconds(1));
        stop.Cancel();
        await running;

        var answers = load.Answers.ToList();
        var outage = answers.Where(a => a.StartMs > killedAt && a.EndMs < starting).ToList();
        output.WriteLine($"Redis down {backAt - killedAt:F0} ms (killed → PING answered again; the restart took " +
            $"{backAt - starting:F0} ms); {answers.Count} answers, " +
            $"{outage.Count} during the outage ({outage.Count(a => a.Status == 503)} × 503), slowest outage answer " +
            $"{outage.Select(a => a.EndMs - a.StartMs).DefaultIfEmpty().Max():F0} ms");
        output.WriteLine($"recovery (Redis back → first 201 / first register read): {submitBack - backAt:F0} ms / {readBack - backAt:F0} ms");
        output.WriteLine($"429s waited out (Retry-After): {limits.RateLimited}");

        Assert.NotEmpty(outage);
        Assert.All(outage, a => Assert.True(a.Status == 503 && a.IsProblem, $"{a.Kind} during the outage: {a.Status}"));
        Assert.All(answers.Where(a => a.Status == 503), a => Assert.True(a.RetryAfter, $"{a.Kind} 503 at {a.StartMs:F0} ms without Retry-After"));
        Assert.DoesNotContain(answers, a => a.Status == Answer.NoAnswer);
        Assert.All(answers.Where(a => !a.Ok), a => Assert.True(a.Status == 503 && a.IsProblem && a.EndMs >= killing
            && a.StartMs <= backAt + RecoveryBound.TotalMilliseconds, $"{a.Kind} {a.Status} at {a.StartMs:F0}–{a.EndMs:F0} ms"));
        Assert.True(submitBack - backAt <= RecoveryBound.TotalMilliseconds, $"first 201 {submitBack - backAt:F0} ms after Redis was back");
        Assert.True(readBack - backAt <= RecoveryBound.TotalMilliseconds, $"first read {readBack - backAt:F0} ms after Redis was back");
        Assert.All(platform.Services, s => Assert.Equal(pids[s], platform.App[s].Process!.Id));

        var audit = await RegisterAudit.AssertConsistentAsync(client, registerId, load);
        output.WriteLine($"{audit}; 429s waited out in all: {limits.RateLimited}");
        Assert.Equal(audit.Acknowledged, audit.Found);
    });
}
