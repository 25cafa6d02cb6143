using Sorcha.ServiceDefaults.Health;

namespace Sorcha.ServiceDefaults.Tests;

/// <summary>The gateway's /health cache (docs/limits.md, "Fan-out"): pure, no platform.</summary>
public sealed class SharedProbeTests
{
    private static readonly TimeSpan FreshFor = TimeSpan.FromSeconds(1);

    [Fact]
    public async Task Concurrent_callers_share_one_probe_in_flight()
    {
        var clock = new ProbeClock();
        var release = new TaskCompletionSource<string>(TaskCreationOptions.RunContinuationsAsynchronously);
        var probes = 0;
        var shared = new SharedProbe<string>(() => { Interlocked.Increment(ref probes); return release.Task; }, FreshFor, clock);

        var callers = Enumerable.Range(0, 100).Select(_ => Task.Run(() => shared.GetAsync(CancellationToken.None))).ToList();
        await Task.Delay(50);
        release.SetResult("Healthy");

        Assert.All(await Task.WhenAll(callers), answer => Assert.Equal("Healthy", answer));
        Assert.Equal(1, probes);
    }

    [Fact]
    public async Task An_answer_is_reused_until_it_is_stale_then_probed_once_again()
    {
        var clock = new ProbeClock();
        var probes = 0;
        var shared = new SharedProbe<int>(() => Task.FromResult(Interlocked.Increment(ref probes)), FreshFor, clock);

        Assert.Equal(1, await shared.GetAsync(CancellationToken.None));
        clock.Advance(FreshFor - TimeSpan.FromMilliseconds(1));
        Assert.Equal(1, await shared.GetAsync(CancellationToken.None));

        clock.Advance(TimeSpan.FromMilliseconds(1));
        var answers = await Task.WhenAll(Enumerable.Range(0, 3).Select(_ => shared.GetAsync(CancellationToken.None)));
        Assert.All(answers, answer => Assert.Equal(2, answer));
        Assert.Equal(2, probes);
    }

    [Fact]
    public async Task A_caller_that_goes_away_does_not_cancel_the_probe_for_the_others()
    {
        var release = new TaskCompletionSource<string>(TaskCreationOptions.RunContinuationsAsynchronously);
        var shared = new SharedProbe<string>(() => release.Task, FreshFor, new ProbeClock());
        using var gone = new CancellationTokenSource();

        var leaving = shared.GetAsync(gone.Token);
        var staying = shared.GetAsync(CancellationToken.None);
        await gone.CancelAsync();
        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => leaving);

        release.SetResult("Healthy");
        Assert.Equal("Healthy", await staying);
    }

    private sealed class ProbeClock : TimeProvider
    {
        private DateTimeOffset _now = new(2026, 1, 1, 0, 0, 0, TimeSpan.Zero);

        public override DateTimeOffset GetUtcNow() => _now;

        public void Advance(TimeSpan by) => _now += by;
    }
}
