using System.Collections.Concurrent;
using Aspire.Hosting;
using Aspire.Hosting.ApplicationModel;
using Aspire.Hosting.Testing;
using Microsoft.Extensions.DependencyInjection;
using Sorcha.AppHost.Redis;
using Sorcha.AppHost.Services;
using Sorcha.AppHost.Supervision;

namespace Sorcha.Testing.Platform;

/// <summary>
/// The running app model as the cross-process tests use it: each process's pid, address and output, and stopping,
/// killing or starting one through Aspire's own resource commands (a kill is held from the AppHost's supervisor, as a
/// deliberate stop is, until the test starts it again).
/// </summary>
public sealed class PlatformApp : IAsyncDisposable
{
    private static readonly TimeSpan Patience = TimeSpan.FromSeconds(120);
    private readonly DistributedApplication _app;
    private readonly Supervisor _supervisor;
    private readonly Dictionary<string, PlatformResource> _resources;
    private readonly ConcurrentDictionary<string, IDisposable> _holds = new();
    private readonly CancellationTokenSource _stop = new();

    public PlatformApp(DistributedApplication app)
    {
        _app = app;
        _supervisor = app.Services.GetRequiredService<Supervisor>();
        var model = app.Services.GetRequiredService<DistributedApplicationModel>();
        _resources = model.Resources.Where(r => r is SorchaProcessResource or RedisProcessResource)
            .ToDictionary(r => r.Name, r => new PlatformResource(r, _supervisor, app));
    }

    public IReadOnlyCollection<PlatformResource> Resources => _resources.Values;

    public PlatformResource this[string name] => _resources[name];

    /// <summary>An endpoint of any resource of the app model (the Aspire dashboard's, say), once the app has started.</summary>
    public Uri Endpoint(string resource, string endpoint) => _app.GetEndpoint(resource, endpoint);

    /// <summary>
    /// Whether a line of any of <paramref name="resources"/>' output matches within <paramref name="within"/> (30 s if not
    /// given): output reaches the test through DCP's log stream moments after it was written, so a line just caused may
    /// not be here yet.
    /// </summary>
    public async Task<bool> OutputContainsAsync(IEnumerable<string> resources, Func<string, bool> match, TimeSpan? within = null)
    {
        var watched = resources.Select(name => this[name]).ToList();
        var started = TimeProvider.System.GetTimestamp();
        while (!watched.Any(r => r.Logs().Any(match)))
        {
            if (TimeProvider.System.GetElapsedTime(started) > (within ?? TimeSpan.FromSeconds(30)))
            {
                return false;
            }

            await Task.Delay(50);
        }

        return true;
    }

    /// <summary>Starts the app, keeps every process's output, and waits until every process is healthy.</summary>
    public async Task StartAsync()
    {
        await _app.StartAsync();
        var logs = _app.Services.GetRequiredService<ResourceLoggerService>();
        foreach (var resource in Resources)
        {
            _ = resource.CollectLogsAsync(logs, _stop.Token);
        }

        using var timeout = new CancellationTokenSource(Patience);
        try
        {
            await Task.WhenAll(_resources.Keys.Select(n => _app.ResourceNotifications.WaitForResourceHealthyAsync(n, timeout.Token)));
        }
        catch (OperationCanceledException)
        {
            var states = string.Join("; ", Resources.Select(r => $"{r.Name} {r.State}: {string.Join(" | ", r.Logs().TakeLast(5))}"));
            throw new TimeoutException($"The platform was not healthy within {Patience.TotalSeconds} s: {states}");
        }
    }

    /// <summary>Stops a process: Aspire's stop command (SIGTERM, a grace period), or with <paramref name="kill"/> a SIGKILL (a crash).</summary>
    public async Task StopResourceAsync(string name, bool kill = false)
    {
        var resource = this[name];
        var pid = resource.Pid;
        if (kill)
        {
            _holds.TryAdd(name, _supervisor.Hold(name));
            resource.Process?.Kill();
        }
        else
        {
            await ExecuteAsync(resource, KnownResourceCommands.StopCommand);
        }

        // Not only a state: DCP says Stopping while the process still answers; done once that process is gone.
        await resource.WaitAsync(r => !r.IsRunning && (pid is not { } p || !Alive(p)), $"{name} to stop");
    }

    /// <summary>Starts a stopped process again (same port, same data) and waits until it is healthy.</summary>
    public async Task StartResourceAsync(string name)
    {
        var resource = this[name];
        await ExecuteAsync(resource, KnownResourceCommands.StartCommand);
        if (_holds.TryRemove(name, out var hold))
        {
            hold.Dispose();
        }

        await resource.WaitAsync(r => r.IsHealthy, $"{name} to be healthy again");
    }

    public async Task RestartResourceAsync(string name, bool kill = false)
    {
        await StopResourceAsync(name, kill);
        await StartResourceAsync(name);
    }

    private static bool Alive(int pid)
    {
        try
        {
            using var process = System.Diagnostics.Process.GetProcessById(pid);
            return !process.HasExited;
        }
        catch (ArgumentException)
        {
            return false;
        }
    }

    private async Task ExecuteAsync(PlatformResource resource, string command)
    {
        var result = await _app.ResourceCommands.ExecuteCommandAsync(resource.Resource, command);
        if (!result.Success)
        {
            throw new InvalidOperationException($"{command} on {resource.Name}: {result.Message}");
        }
    }

    public async ValueTask DisposeAsync()
    {
        await _stop.CancelAsync();
        await _app.StopAsync();
        await _app.DisposeAsync();
        _stop.Dispose();
    }
}
