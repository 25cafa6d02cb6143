using System.Diagnostics;
using Aspire.Hosting;
using Aspire.Hosting.ApplicationModel;
using Aspire.Hosting.Testing;
using Microsoft.Extensions.Diagnostics.HealthChecks;
using Sorcha.AppHost.Hosting;
using Sorcha.AppHost.Redis;
using Sorcha.AppHost.Services;
using Sorcha.AppHost.Supervision;

namespace Sorcha.Testing.Platform;

/// <summary>One process of the running platform, read from Aspire's latest resource event and its console log.</summary>
public sealed class PlatformResource
{
    private const int KeptLines = 5_000;
    private readonly Supervisor _supervisor;
    private readonly Queue<string> _logs = new();
    private readonly Lazy<Uri?> _url;

    internal PlatformResource(IResource resource, Supervisor supervisor, DistributedApplication app)
    {
        Resource = resource;
        _supervisor = supervisor;
        _url = new Lazy<Uri?>(() => resource is SorchaProcessResource ? app.GetEndpoint(resource.Name, "http") : null);
    }

    public IResource Resource { get; }

    public string Name => Resource.Name;

    /// <summary>A service's or the gateway's own address (each replica's, not behind anything); null for Redis.</summary>
    public Uri? Url => _url.Value;

    public string? State => Latest?.Snapshot.State?.Text;

    public bool IsRunning => State == KnownResourceStates.Running;

    public bool IsHealthy => IsRunning && Latest?.Snapshot.HealthStatus == HealthStatus.Healthy;

    /// <summary>The exit code of the last process that ended (<see cref="Supervisor.SignalExitCode"/> after a SIGKILL).</summary>
    public int? ExitCode => _supervisor.LastExitCode(Name);

    /// <summary>How often the AppHost's supervisor restarted it.</summary>
    public int Restarts => _supervisor.Restarts(Name);

    /// <summary>The running process, or null when there is none.</summary>
    public Process? Process => IsRunning && Pid is { } pid ? TryGetProcess(pid) : null;

    /// <summary>The pid of the process Aspire last reported for it (the old one's until DCP has seen it exit).</summary>
    public int? Pid => Latest?.Snapshot.Properties.FirstOrDefault(p => p.Name == "executable.pid")?.Value switch
    {
        int i => i,
        long l => (int)l,
        string s when int.TryParse(s, out var i) => i,
        _ => null,
    };

    private ResourceEvent? Latest => _supervisor.Latest(Name);

    /// <summary>Its recent console output (stdout and stderr), oldest first; the supervisor's reports are among it.</summary>
    public IReadOnlyList<string> Logs()
    {
        lock (_logs)
        {
            return [.. _logs];
        }
    }

    /// <summary>
    /// Whether it answers right now, probed directly: a service's /health with 2xx, Redis's PING with +PONG. Aspire's own
    /// health status is re-checked only once a second, too coarse for a recovery measured in milliseconds.
    /// </summary>
    public async Task<bool> AnswersAsync() => Url is { } url
        ? await Probes.HttpHealthAsync(url) is null
        : Resource is RedisProcessResource redis ? await Probes.RespPingAsync(redis.Launch.Port) is null : IsHealthy;

    internal async Task WaitAsync(Func<PlatformResource, bool> condition, string what)
    {
        var deadline = DateTime.UtcNow.AddSeconds(120);
        while (!condition(this))
        {
            if (DateTime.UtcNow > deadline)
            {
                throw new TimeoutException($"Waited 120 s for {what}; it is {State}. Last output:\n{string.Join('\n', Logs().TakeLast(20))}");
            }

            await Task.Delay(50);
        }
    }

    /// <summary>From the app's start on (the resource's process names are known then); Aspire replays what came before.</summary>
    internal async Task CollectLogsAsync(ResourceLoggerService logs, CancellationToken stop)
    {
        try
        {
            await foreach (var batch in logs.WatchAsync(Resource).WithCancellation(stop))
            {
                lock (_logs)
                {
                    foreach (var line in batch)
                    {
                        _logs.Enqueue(line.Content);
                        if (_logs.Count > KeptLines)
                        {
                            _logs.Dequeue();
                        }
                    }
                }
            }
        }
        catch (OperationCanceledException)
        {
            // the platform stopped
        }
    }

    private static Process? TryGetProcess(int pid)
    {
        try
        {
            return Process.GetProcessById(pid);
        }
        catch (ArgumentException)
        {
            return null;
        }
    }
}
