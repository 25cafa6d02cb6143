using System.Diagnostics;

namespace Sorcha.Hosting;

/// <summary>
/// Starts a resource again after its process exited on its own (a crash, SIGKILL, OOM) with the same spec: same port,
/// same data directory. Waits as <see cref="RestartPolicy"/> says, and gives up loudly after too many crashes in a row.
/// A deliberate stop (<see cref="Orchestrator.StopResourceAsync"/>, dispose) marks the resource Stopped first, so its
/// exit never reaches here, and a restart still waiting out its delay sees that and does nothing.
/// </summary>
internal sealed class Supervisor(RestartPolicy policy, Action<ResourceState> launch, Action<ResourceState, string> report) : IDisposable
{
    private readonly CancellationTokenSource _shutdown = new();

    /// <summary>Called, under the resource's gate, for a process that exited while its resource was meant to run.</summary>
    public void OnCrash(ResourceState state, Process crashed, ResourceExit exit)
    {
        var uptime = exit.At - (state.StartedAt ?? exit.At);
        state.CrashesInARow = policy.CrashesInARow(state.CrashesInARow, uptime);
        if (policy.DelayAfter(state.CrashesInARow) is not { } delay)
        {
            state.Status = ResourceStatus.Failed;
            report(state, $"exited with code {exit.Code} after {uptime.TotalSeconds:F1} s. GIVING UP after {state.CrashesInARow} crashes " +
                $"in a row (a run of {policy.StableAfter.TotalSeconds:F0} s ends a row); it stays down until the AppHost is restarted.");
            return;
        }

        state.Status = ResourceStatus.Exited;
        report(state, $"exited unexpectedly with code {exit.Code} after {uptime.TotalSeconds:F1} s; restarting in " +
            $"{delay.TotalSeconds:F1} s (crash {state.CrashesInARow} in a row; gives up at {policy.MaxCrashesInARow})");
        _ = RestartLaterAsync(state, crashed, delay);
    }

    private async Task RestartLaterAsync(ResourceState state, Process crashed, TimeSpan delay)
    {
        try
        {
            await Task.Delay(delay, _shutdown.Token);
            Process? process;
            lock (state.Gate)
            {
                // Someone stopped or started it meanwhile, or the AppHost is shutting down: theirs to decide.
                if (_shutdown.IsCancellationRequested || state.Process != crashed || state.Status != ResourceStatus.Exited)
                {
                    return;
                }

                state.Restarts++;
                launch(state);
                process = state.Process;
            }

            await WaitReadyAsync(state, process!);
        }
        catch (OperationCanceledException)
        {
            // shutting down
        }
        catch (Exception e) when (e is System.ComponentModel.Win32Exception or InvalidOperationException)
        {
            lock (state.Gate)
            {
                state.Status = ResourceStatus.Failed;
            }

            report(state, $"GIVING UP: could not start it again: {e.Message}");
        }
    }

    /// <summary>Until it answers its probe; if the new process exits first, its own exit comes back to <see cref="OnCrash"/>.</summary>
    private async Task WaitReadyAsync(ResourceState state, Process process)
    {
        while (state.Process == process && !process.HasExited)
        {
            if (await state.Spec.Readiness(_shutdown.Token))
            {
                lock (state.Gate)
                {
                    if (state.Process == process && state.Status == ResourceStatus.Starting)
                    {
                        state.Status = ResourceStatus.Running;
                    }
                }

                report(state, $"restarted (pid {process.Id}) and ready, {(DateTimeOffset.UtcNow - state.StartedAt)?.TotalSeconds:F1} s after its start");
                return;
            }

            await Task.Delay(100, _shutdown.Token);
        }
    }

    /// <summary>Cancels every restart still waiting; the token stays readable for those that wake up to it.</summary>
    public void Dispose() => _shutdown.Cancel();
}
