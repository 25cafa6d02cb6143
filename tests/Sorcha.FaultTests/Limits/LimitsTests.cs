using System.Diagnostics;
using System.Net;
using System.Net.Http.Json;
using Sorcha.Contracts.Instances;

namespace Sorcha.FaultTests.Limits;

/// <summary>Rate, body size and time limits from configuration (docs/limits.md, "Limits"), each as a problem document.</summary>
[Collection(LimitsScope.Name)]
public sealed class LimitsTests(LimitsPlatformFixture platform)
{
    [Fact]
    public async Task A_caller_over_its_rate_gets_429_with_Retry_After_and_other_callers_do_not()
    {
        using var greedy = await platform.ClientAsync("limits-greedy");
        using var other = await platform.ClientAsync("limits-other");

        // Waves of concurrent requests until one is refused, not a fixed count one at a time: the bucket refills while
        // they run, the more the slower the machine, so what must have been refused follows from the time they took.
        HttpResponseMessage? refused = null;
        var sent = 0;
        var watch = Stopwatch.StartNew();
        while (refused is null)
        {
            Assert.True(sent <= MostAllowed(watch.Elapsed), $"{sent} requests in {watch.Elapsed.TotalSeconds:F1} s and none refused");
            var wave = await Task.WhenAll(Enumerable.Range(0, LimitsPlatformFixture.Burst).Select(_ => greedy.GetAsync("/api/registers")));
            sent += wave.Length;
            refused = wave.FirstOrDefault(r => r.StatusCode == HttpStatusCode.TooManyRequests);
            foreach (var response in wave.Where(r => r != refused))
            {
                Assert.True(response.StatusCode is HttpStatusCode.OK or HttpStatusCode.TooManyRequests, $"got {(int)response.StatusCode}");
                response.Dispose();
            }
        }

        using (refused)
        {
            var problem = await ProblemAssert.ReadAsync(refused, HttpStatusCode.TooManyRequests);
            Assert.Contains("retry", problem.Detail, StringComparison.OrdinalIgnoreCase);
            var retryAfter = refused.Headers.RetryAfter?.Delta;
            Assert.NotNull(retryAfter);
            Assert.InRange(retryAfter.Value.TotalSeconds, 1, 60);

            using var unaffected = await other.GetAsync("/api/registers");
            Assert.Equal(HttpStatusCode.OK, unaffected.StatusCode);

            await Task.Delay(retryAfter.Value + TimeSpan.FromMilliseconds(200));
            using var again = await greedy.GetAsync("/api/registers");
            Assert.Equal(HttpStatusCode.OK, again.StatusCode);
        }
    }

    [Fact]
    public async Task A_body_over_the_configured_limit_is_413_and_one_under_it_is_served()
    {
        using var caller = await platform.ClientAsync("limits-body");
        using var over = await caller.PostAsJsonAsync("/api/registers", new { name = new string('n', LimitsPlatformFixture.BodyLimit) });
        var problem = await ProblemAssert.ReadAsync(over, HttpStatusCode.RequestEntityTooLarge);
        Assert.Contains(LimitsPlatformFixture.BodyLimit.ToString(System.Globalization.CultureInfo.InvariantCulture), problem.Detail,
            StringComparison.Ordinal);

        using var under = await caller.PostAsJsonAsync("/api/registers", new { name = "small" });
        Assert.Equal(HttpStatusCode.Created, under.StatusCode);
    }

    [Fact]
    public Task RSA4096_creations_beyond_the_key_generation_slot_are_503_with_Retry_After() => platform.ExplainFailureAsync(async () =>
    {
        using var caller = await platform.ClientAsync("limits-rsa");
        var answers = await Task.WhenAll(Enumerable.Range(0, 4)
            .Select(_ => caller.PostAsJsonAsync("/api/wallets", new { name = "rsa", algorithm = "RSA4096" })));

        // One generates (two 4096-bit keys take far longer than the others need to arrive); those finding the slot taken
        // are refused at once, as the queue time is 0 here. The one generating is 201, or 504 on a machine so saturated
        // that its keys outlast this platform's forwarder timeout (ForwarderSeconds).
        Assert.All(answers, a => Assert.True(
            a.StatusCode is HttpStatusCode.Created or HttpStatusCode.ServiceUnavailable or HttpStatusCode.GatewayTimeout, $"got {(int)a.StatusCode}"));
        Assert.Contains(answers, a => a.StatusCode == HttpStatusCode.ServiceUnavailable);
        var busy = answers.First(a => a.StatusCode == HttpStatusCode.ServiceUnavailable);
        var problem = await ProblemAssert.ReadAsync(busy, HttpStatusCode.ServiceUnavailable);
        Assert.Contains("RSA4096", problem.Detail, StringComparison.Ordinal);
        Assert.Equal(TimeSpan.FromSeconds(1), busy.Headers.RetryAfter?.Delta);
        foreach (var answer in answers)
        {
            answer.Dispose();
        }

        // Other algorithms never wait for the slot.
        using var ed25519 = await caller.PostAsJsonAsync("/api/wallets", new { name = "ed", algorithm = "ED25519" });
        Assert.Equal(HttpStatusCode.Created, ed25519.StatusCode);
    });

    [Fact]
    public Task A_service_that_does_not_answer_is_a_504_from_the_gateway_within_its_timeout() => platform.ExplainFailureAsync(async () =>
    {
        using var caller = await platform.ClientAsync("limits-hung-service");
        var watch = Stopwatch.StartNew();
        using (Pause.Of(platform.App["register"].Process!))
        {
            using var response = await caller.GetAsync("/api/registers");
            watch.Stop();
            var problem = await ProblemAssert.ReadAsync(response, HttpStatusCode.GatewayTimeout);
            Assert.Contains("register", problem.Detail, StringComparison.Ordinal);
        }

        Assert.InRange(watch.Elapsed.TotalSeconds, LimitsPlatformFixture.ForwarderSeconds - 0.5, LimitsPlatformFixture.ForwarderSeconds + 10);
        await WaitForAsync(caller, "/api/registers");
    });

    [Fact]
    public Task A_downstream_service_that_does_not_answer_is_a_503_from_the_blueprint_service() => platform.ExplainFailureAsync(async () =>
    {
        using var caller = await platform.ClientAsync("limits-hung-wallet");
        var wallet = await InstanceFlows.WalletAsync(caller);
        var blueprint = await BlueprintFlows.PublishedAsync(caller, "expense-approval");
        var register = await InstanceFlows.RegisterAsync(caller);
        var instance = await InstanceFlows.InstanceAsync(caller, blueprint, register,
            new Dictionary<string, string> { ["employee"] = wallet, ["manager"] = wallet, ["finance"] = wallet });

        var watch = Stopwatch.StartNew();
        using (Pause.Of(platform.App["wallet"].Process!))
        {
            using var response = await caller.PostAsJsonAsync($"/api/instances/{instance}/actions/submit",
                new { sender = wallet, data = InstanceFlows.Claim });
            watch.Stop();
            var problem = await ProblemAssert.ReadAsync(response, HttpStatusCode.ServiceUnavailable);
            Assert.Contains("wallet", problem.Detail, StringComparison.Ordinal);
        }

        // The Blueprint service's own timeout fired, not the gateway's.
        Assert.InRange(watch.Elapsed.TotalSeconds, LimitsPlatformFixture.OutgoingSeconds - 0.5, LimitsPlatformFixture.ForwarderSeconds);
        var state = await Json.GetAsync<InstanceDto>(caller, $"/api/instances/{instance}");
        Assert.Equal("submit", state.NextActionId);
    });

    /// <summary>
    /// A Redis that keeps its connections open but answers nothing: the command's own time limit (AsyncTimeout, from
    /// Limits:Redis) fails it, and the service answers 503 — not the gateway's 504 after ForwarderSeconds.
    /// </summary>
    [Fact]
    public Task A_stalled_Redis_is_a_503_after_the_Redis_command_timeout() => platform.ExplainFailureAsync(async () =>
    {
        if (platform.Redis.Provider == "container")
        {
            return; // Redis runs inside a container: there is no local process to pause
        }

        var redis = platform.App[Sorcha.AppHost.Redis.RedisSelector.ResourceName].Process;
        Assert.NotNull(redis);
        using var caller = await platform.ClientAsync("limits-hung-redis");
        var timeout = TimeSpan.FromMilliseconds(LimitsPlatformFixture.RedisAsyncTimeoutMs);
        var watch = Stopwatch.StartNew();
        using (Pause.Of(redis!))
        {
            using var response = await caller.GetAsync("/api/wallets");
            watch.Stop();
            await ProblemAssert.IsProblemAsync(response, HttpStatusCode.ServiceUnavailable);
        }

        // At least the configured timeout (Redis really stalled, the call waited for it), and before the library's
        // default of 5 s could have fired: the limit came from Limits:Redis (checked on the library's 1 s heartbeat).
        Assert.InRange(watch.Elapsed.TotalSeconds, timeout.TotalSeconds - 0.1, timeout.TotalSeconds + 2.5);
        await WaitForAsync(caller, "/api/wallets");
    });

    /// <summary>
    /// The most a full bucket can let through in <paramref name="elapsed"/>: its burst, plus one refill per started
    /// second and one more for the phase of the limiter's refill timer.
    /// </summary>
    private static int MostAllowed(TimeSpan elapsed) =>
        LimitsPlatformFixture.Burst + (LimitsPlatformFixture.PermitsPerSecond * ((int)Math.Ceiling(elapsed.TotalSeconds) + 1));

    private static async Task WaitForAsync(HttpClient caller, string url)
    {
        var deadline = DateTime.UtcNow.AddSeconds(30);
        while (true)
        {
            using var response = await caller.GetAsync(url);
            if (response.StatusCode == HttpStatusCode.OK || DateTime.UtcNow > deadline)
            {
                Assert.Equal(HttpStatusCode.OK, response.StatusCode);
                return;
            }

            await Task.Delay(100);
        }
    }
}
