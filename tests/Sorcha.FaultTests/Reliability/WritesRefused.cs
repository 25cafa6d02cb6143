using System.Net;
using System.Net.Http.Json;
using Xunit.Abstractions;

namespace Sorcha.FaultTests.Reliability;

/// <summary>
/// A store that refuses writes (a full disk, Redis at maxmemory) under transaction load: every write then gets a 503
/// problem (never a 500 or a hang), reads go on being served, nothing acknowledged is lost, and once space is freed
/// writes resume without restarting anything and the register verifies (docs/reliability.md, "A full disk").
/// </summary>
public static class WritesRefused
{
    private static readonly TimeSpan Bound = TimeSpan.FromSeconds(10);

    /// <param name="hold">After the first refusal, keeps the store full for the checks that follow (a store at its edge
    /// may free a little and take a write again).</param>
    public static async Task AssertAsync(PlatformFixture platform, string name, Func<Task> fill, Func<Task> free, ITestOutputHelper output,
        Func<Task>? hold = null)
    {
        var limits = new RetryAfterHandler();
        using var client = await platform.ClientAsync(name, limits);
        var registerId = (await RegisterFlows.RegisterAsync(client, name)).Id;
        var load = new TransactionLoad(client, registerId);
        using var stop = new CancellationTokenSource();
        var running = load.RunAsync(writers: 4, readers: 2, stop.Token);
        await load.WarmAsync(acknowledged: 50, TimeSpan.FromSeconds(60));

        var filling = load.Now;
        await fill();
        var refused = await FirstAsync(load, a => a.Kind == Answer.Submit && a.Status == 503 && a.StartMs >= filling);
        Assert.True(refused is not null, $"no submission was refused within {Bound} of filling the store");
        if (hold is not null)
        {
            await hold();
        }

        // Full: every kind of write is refused alike, and reads are served.
        var fullSince = load.Now;
        using (var wallet = await client.PostAsJsonAsync("/api/wallets", new { name, algorithm = "ED25519" }))
        {
            var problem = await ProblemAssert.ReadAsync(wallet, HttpStatusCode.ServiceUnavailable);
            output.WriteLine($"a wallet creation while full: 503, {problem.Detail}");
        }

        using (var register = await client.PostAsJsonAsync("/api/registers", new { name }))
        {
            await ProblemAssert.IsProblemAsync(register, HttpStatusCode.ServiceUnavailable);
        }

        await Task.Delay(TimeSpan.FromSeconds(1));
        var whileFull = load.Answers.Where(a => a.StartMs >= fullSince).ToList();
        Assert.Contains(whileFull, a => a.Kind == Answer.Read && a.Ok);
        Assert.All(whileFull.Where(a => a.Kind == Answer.Read), a => Assert.True(a.Ok, $"a read while full: {a.Status}"));

        var freeing = load.Now;
        await free();
        var resumed = await load.FirstSuccessAfterAsync(Answer.Submit, freeing, Bound);
        Assert.True(resumed is not null, $"no submission succeeded within {Bound} of freeing space");
        await Task.Delay(TimeSpan.FromSeconds(1));
        await stop.CancelAsync();
        await running;

        var answers = load.Answers.ToList();
        output.WriteLine($"{answers.Count} answers; first 503 {refused!.StartMs - filling:F0} ms after filling; " +
            $"{answers.Count(a => a.Status == 503)} × 503; writes back {resumed - freeing:F0} ms after freeing; " +
            $"slowest answer {answers.Max(a => a.EndMs - a.StartMs):F0} ms");
        Assert.DoesNotContain(answers, a => a.Status == Answer.NoAnswer);
        Assert.All(answers.Where(a => !a.Ok), a => Assert.True(a.Status == 503 && a.IsProblem, $"{a.Kind}: {a.Status}"));
        var audit = await RegisterAudit.AssertConsistentAsync(client, registerId, load);
        output.WriteLine(audit.ToString());
        Assert.Equal(audit.Acknowledged, audit.Found);
    }

    private static async Task<Answer?> FirstAsync(TransactionLoad load, Func<Answer, bool> match)
    {
        var deadline = load.Now + Bound.TotalMilliseconds;
        while (load.Now < deadline)
        {
            if (load.Answers.FirstOrDefault(match) is { } answer)
            {
                return answer;
            }

            await Task.Delay(20);
        }

        return null;
    }
}
