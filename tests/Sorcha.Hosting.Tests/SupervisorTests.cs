using System.Diagnostics;
using Sorcha.Hosting;

namespace Sorcha.Hosting.Tests;

/// <summary>
/// The orchestrator's supervision with real, tiny processes: a SIGKILL from outside is restarted, a crash loop is given
/// up, and a deliberate stop or shutdown restarts nothing. Delays are shortened; the schedule is RestartPolicyTests'.
/// </summary>
public sealed class SupervisorTests
{
    private static readonly RestartPolicy Quick = new() { FirstDelay = TimeSpan.FromMilliseconds(20), MaxDelay = TimeSpan.FromMilliseconds(50), MaxCrashesInARow = 3 };

    private static ResourceSpec Sleeper => new("sleeper", "sleep", ["600"]) { Readiness = _ => Task.FromResult(true) };

    [Fact]
    public async Task A_process_killed_from_outside_is_started_again_and_the_exit_is_recorded()
    {
        await using var app = new Orchestrator([Sleeper], restart: Quick);
        await app.StartAsync();
        var state = app["sleeper"];
        var first = state.Process!.Id;

        Process.GetProcessById(first).Kill(); // SIGKILL, not through the orchestrator

        await WaitUntilAsync(() => state.Process!.Id != first && state.Status == ResourceStatus.Running);
        Assert.Equal(1, state.Restarts);
        Assert.Equal(137, state.LastExit?.Code);
        Assert.False(state.Process!.HasExited);
        Assert.Contains(state.Logs(), l => l.Contains("exited unexpectedly with code 137", StringComparison.Ordinal));
        Assert.Contains(state.Logs(), l => l.Contains($"restarted (pid {state.Process.Id})", StringComparison.Ordinal));
    }

    [Fact]
    public async Task A_process_that_keeps_crashing_is_given_up_after_the_policys_count()
    {
        var crasher = new ResourceSpec("crasher", "sh", ["-c", "sleep 0.3; exit 3"]) { Readiness = _ => Task.FromResult(true) };
        await using var app = new Orchestrator([crasher], restart: Quick);
        await app.StartAsync();
        var state = app["crasher"];

        await WaitUntilAsync(() => state.Status == ResourceStatus.Failed);
        await Task.Delay(500);
        Assert.Equal(ResourceStatus.Failed, state.Status);
        Assert.Equal(Quick.MaxCrashesInARow - 1, state.Restarts); // the last crash is not restarted
        Assert.Equal(3, state.LastExit?.Code);
        Assert.True(state.Process!.HasExited);
        Assert.Contains(state.Logs(), l => l.Contains("GIVING UP", StringComparison.Ordinal));
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public async Task A_deliberate_stop_restarts_nothing(bool kill)
    {
        await using var app = new Orchestrator([Sleeper], restart: Quick);
        await app.StartAsync();
        var state = app["sleeper"];
        var process = state.Process!;

        await app.StopResourceAsync("sleeper", kill);
        await Task.Delay(500);

        Assert.Equal(ResourceStatus.Stopped, state.Status);
        Assert.Same(process, state.Process);
        Assert.True(process.HasExited);
        Assert.Equal(0, state.Restarts);
        Assert.NotNull(state.LastExit);
    }

    [Fact]
    public async Task A_stop_or_shutdown_while_a_restart_waits_cancels_it()
    {
        var patient = Quick with { FirstDelay = TimeSpan.FromMilliseconds(700) };
        var other = Sleeper with { Name = "other" };
        var app = new Orchestrator([Sleeper, other], restart: patient);
        await app.StartAsync();
        var (stopped, shutDown) = (app["sleeper"], app["other"]);
        var crashed = (stopped.Process!, shutDown.Process!);

        crashed.Item1.Kill();
        crashed.Item2.Kill();
        await WaitUntilAsync(() => stopped.Status == ResourceStatus.Exited && shutDown.Status == ResourceStatus.Exited);
        await app.StopResourceAsync("sleeper");
        await app.DisposeAsync();
        await Task.Delay(1_200);

        Assert.Equal((0, 0), (stopped.Restarts, shutDown.Restarts));
        Assert.Same(crashed.Item1, stopped.Process);
        Assert.Same(crashed.Item2, shutDown.Process);
    }

    private static async Task WaitUntilAsync(Func<bool> condition)
    {
        var deadline = Stopwatch.StartNew();
        while (!condition())
        {
            Assert.True(deadline.Elapsed < TimeSpan.FromSeconds(20), "the condition did not hold within 20 s");
            await Task.Delay(20);
        }
    }
}
