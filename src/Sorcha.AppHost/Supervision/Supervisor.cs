using System.Collections.Concurrent;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Logging;
using Sorcha.AppHost.Redis;
using Sorcha.AppHost.Services;

namespace Sorcha.AppHost.Supervision;

/// <summary>
/// Restarts a process of the platform (Redis, a service, the gateway) that exits on its own after it was healthy once:
/// a crash, SIGKILL, OOM. Aspire 13.6 does not: DCP marks such an executable Finished and leaves it. This watches
/// Aspire's resource events and runs the resource's own start command after <see cref="RestartPolicy"/>'s delay, with
/// its report in the resource's console log (the dashboard shows both). A deliberate stop (the stop command, the
/// dashboard's Stop) ends in Terminated, never Finished, so it is never undone here.
/// </summary>
public sealed class Supervisor(ResourceNotificationService notifications, ResourceCommandService commands,
    ResourceLoggerService logs, RestartPolicy policy, ILogger<Supervisor> log) : BackgroundService
{
    /// <summary>The exit code DCP gives a process that a signal ended.</summary>
    public const int SignalExitCode = -1;

    private readonly ConcurrentDictionary<string, Watch> _watches = new(StringComparer.Ordinal);

    /// <summary>The latest event of the resource named <paramref name="name"/> (one process per resource in this model).</summary>
    public ResourceEvent? Latest(string name) => _watches.TryGetValue(name, out var watch) ? watch.Latest : null;

    /// <summary>The exit code of <paramref name="name"/>'s last process that ended (<see cref="SignalExitCode"/> after a SIGKILL); null: none has.</summary>
    public int? LastExitCode(string name) => _watches.TryGetValue(name, out var watch) ? watch.LastExitCode : null;

    /// <summary>How often the supervisor has restarted <paramref name="name"/>.</summary>
    public int Restarts(string name) => _watches.TryGetValue(name, out var watch) ? watch.Restarts : 0;

    /// <summary>Until disposed, an exit of <paramref name="name"/> is left alone: a test's deliberate kill.</summary>
    public IDisposable Hold(string name)
    {
        var watch = _watches.GetOrAdd(name, _ => new Watch());
        Interlocked.Increment(ref watch.Holds);
        return new Release(() => Interlocked.Decrement(ref watch.Holds));
    }

    protected override async Task ExecuteAsync(CancellationToken stoppingToken)
    {
        try
        {
            await foreach (var e in notifications.WatchAsync(stoppingToken))
            {
                if (e.Resource is SorchaProcessResource or RedisProcessResource)
                {
                    Observe(e, stoppingToken);
                }
            }
        }
        catch (OperationCanceledException)
        {
            // shutting down
        }
    }

    private void Observe(ResourceEvent e, CancellationToken stoppingToken)
    {
        var watch = _watches.GetOrAdd(e.Resource.Name, _ => new Watch());
        var state = e.Snapshot.State?.Text;
        lock (watch)
        {
            var before = watch.Latest?.Snapshot.State?.Text;
            watch.Latest = e;
            if (state == KnownResourceStates.Running && e.Snapshot.HealthStatus == Microsoft.Extensions.Diagnostics.HealthChecks.HealthStatus.Healthy)
            {
                watch.WasHealthy = true;
            }

            if ((state == KnownResourceStates.Finished || state == KnownResourceStates.Exited) && e.Snapshot.ExitCode is { } code)
            {
                watch.LastExitCode = code;
            }

            // Only a resource that was healthy once: one that fails its first start is a configuration error.
            if (state != KnownResourceStates.Finished || before == KnownResourceStates.Finished || !watch.WasHealthy || watch.Holds > 0
                || !RestartPolicy.IsFailure(e.Snapshot.ExitCode))
            {
                return;
            }

            var uptime = (e.Snapshot.StopTimeStamp ?? DateTime.UtcNow) - (e.Snapshot.StartTimeStamp ?? DateTime.UtcNow);
            watch.CrashesInARow = policy.CrashesInARow(watch.CrashesInARow, uptime);
            Report(e, policy.DelayAfter(watch.CrashesInARow) is { } delay
                ? $"exited unexpectedly ({Exit(e.Snapshot.ExitCode)}) after {uptime.TotalSeconds:F1} s; restarting in {delay.TotalSeconds:F1} s " +
                  $"(crash {watch.CrashesInARow} in a row; gives up at {policy.MaxCrashesInARow})"
                : $"exited ({Exit(e.Snapshot.ExitCode)}) after {uptime.TotalSeconds:F1} s. GIVING UP after {watch.CrashesInARow} crashes " +
                  $"in a row (a run of {policy.StableAfter.TotalSeconds:F0} s ends a row); it stays down until started again.");
            if (policy.DelayAfter(watch.CrashesInARow) is { } wait)
            {
                _ = RestartLaterAsync(e, watch, wait, stoppingToken);
            }
        }
    }

    private async Task RestartLaterAsync(ResourceEvent crashed, Watch watch, TimeSpan delay, CancellationToken stoppingToken)
    {
        try
        {
            await Task.Delay(delay, stoppingToken);
            lock (watch)
            {
                // Someone started or stopped it meanwhile, or holds it: theirs to decide.
                if (watch.Latest?.Snapshot.State?.Text != KnownResourceStates.Finished || watch.Holds > 0)
                {
                    return;
                }

                watch.Restarts++;
            }

            var result = await commands.ExecuteCommandAsync(crashed.ResourceId, KnownResourceCommands.StartCommand, stoppingToken);
            Report(crashed, result.Success ? "restarted" : $"GIVING UP: could not start it again: {result.Message}");
        }
        catch (OperationCanceledException)
        {
            // shutting down
        }
    }

    /// <summary>DCP reports a process ended by a signal (SIGKILL, the OOM killer) as -1, as Go's ExitCode does.</summary>
    private static string Exit(int? code) => code == SignalExitCode ? "killed by a signal" : $"code {code}";

    private void Report(ResourceEvent e, string line)
    {
        logs.GetLogger(e.ResourceId).LogWarning("[supervisor] {Line}", line);
        log.LogWarning("{Resource}: {Line}", e.Resource.Name, line);
    }

    private sealed class Watch
    {
        public ResourceEvent? Latest;
        public bool WasHealthy;
        public int CrashesInARow;
        public int Restarts;
        public int Holds;
        public int? LastExitCode;
    }

    private sealed class Release(Action release) : IDisposable
    {
        private int _done;

        public void Dispose()
        {
            if (Interlocked.Exchange(ref _done, 1) == 0)
            {
                release();
            }
        }
    }
}
