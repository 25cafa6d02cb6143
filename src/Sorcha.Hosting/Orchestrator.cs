using System.Diagnostics;

namespace Sorcha.Hosting;

/// <summary>
/// Starts resources in dependency order (each waits for what it references to be ready), keeps their output,
/// restarts one that crashes after it was ready (<see cref="Supervisor"/>), and stops them on dispose. Tests use it to
/// start the whole platform and to kill or restart one part.
/// </summary>
public sealed class Orchestrator : IAsyncDisposable
{
    private static readonly TimeSpan ReadyTimeout = TimeSpan.FromSeconds(120);
    private readonly Dictionary<string, ResourceState> _resources;
    private readonly Dictionary<string, Task> _ready = [];
    private readonly Action<string, string>? _echo;
    private readonly Supervisor _supervisor;
    private bool _stopping;

    /// <param name="echo">Receives every output line and the orchestrator's own reports, by resource name.</param>
    /// <param name="restart">When a crashed resource is started again; <see cref="RestartPolicy.Default"/> when null.</param>
    public Orchestrator(IEnumerable<ResourceSpec> specs, Action<string, string>? echo = null, RestartPolicy? restart = null)
    {
        _resources = specs.ToDictionary(s => s.Name, s => new ResourceState(s));
        _echo = echo;
        _supervisor = new Supervisor(restart ?? RestartPolicy.Default, Launch, Report);
    }

    public IReadOnlyCollection<ResourceState> Resources => _resources.Values;

    public ResourceState this[string name] => _resources[name];

    public async Task StartAsync(CancellationToken ct = default)
    {
        lock (_ready)
        {
            foreach (var name in _resources.Keys)
            {
                StartWhenDependenciesReady(name, ct);
            }
        }

        await Task.WhenAll(_ready.Values);
    }

    /// <summary>Waits for a resource to answer its readiness probe.</summary>
    public async Task WaitReadyAsync(string name, CancellationToken ct = default)
    {
        var state = _resources[name];
        using var timeout = CancellationTokenSource.CreateLinkedTokenSource(ct);
        timeout.CancelAfter(ReadyTimeout);
        while (!await state.Spec.Readiness(timeout.Token))
        {
            if (state.Process is { HasExited: true } p)
            {
                if (state.ReadyAt is null)
                {
                    state.Status = ResourceStatus.Failed; // a resource ready before is the supervisor's to restart
                }

                throw new InvalidOperationException(
                    $"{name} exited with code {p.ExitCode} before it was ready. Last output:\n{string.Join('\n', state.Logs().TakeLast(30))}");
            }

            await Task.Delay(100, timeout.Token);
        }

        state.Status = ResourceStatus.Running;
        state.ReadyAt ??= DateTimeOffset.UtcNow;
    }

    /// <summary>Stops a resource: SIGTERM and a grace period, or SIGKILL at once when <paramref name="kill"/> (a crash).</summary>
    public async Task StopResourceAsync(string name, bool kill = false)
    {
        var state = _resources[name];
        Process? process;
        lock (state.Gate)
        {
            process = state.Process;
            if (process is not null)
            {
                // Before the signal, so that the exit is not taken for a crash; also cancels a restart not yet made.
                state.Status = ResourceStatus.Stopped;
            }
        }

        if (process is null || process.HasExited)
        {
            return;
        }

        if (!kill && Signals.Terminate(process.Id))
        {
            using var grace = new CancellationTokenSource(TimeSpan.FromSeconds(10));
            try
            {
                await process.WaitForExitAsync(grace.Token);
                return;
            }
            catch (OperationCanceledException)
            {
                // fall through to a hard kill
            }
        }

        process.Kill(entireProcessTree: true);
        await process.WaitForExitAsync();
    }

    /// <summary>Starts a stopped resource again with the same spec (same port, same data) and waits until ready.</summary>
    public async Task StartResourceAsync(string name, CancellationToken ct = default)
    {
        var state = _resources[name];
        lock (state.Gate)
        {
            state.Restarts++;
            Launch(state);
        }

        await WaitReadyAsync(name, ct);
    }

    public async Task RestartResourceAsync(string name, bool kill = false, CancellationToken ct = default)
    {
        await StopResourceAsync(name, kill);
        await StartResourceAsync(name, ct);
    }

    private void StartWhenDependenciesReady(string name, CancellationToken ct)
    {
        if (_ready.ContainsKey(name))
        {
            return;
        }

        var state = _resources[name];
        foreach (var dependency in state.Spec.WaitFor)
        {
            StartWhenDependenciesReady(dependency, ct);
        }

        var dependencies = state.Spec.WaitFor.Select(d => _ready[d]).ToArray();
        _ready[name] = Task.Run(async () =>
        {
            await Task.WhenAll(dependencies);
            Launch(state);
            await WaitReadyAsync(name, ct);
            Echo(name, $"ready at {state.Spec.Url} ({state.ReadyAt:HH:mm:ss.fff})");
        }, ct);
    }

    private void Launch(ResourceState state)
    {
        var spec = state.Spec;
        state.Status = ResourceStatus.Starting;
        if (!spec.Managed)
        {
            return;
        }

        var start = new ProcessStartInfo(spec.FileName)
        {
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
            WorkingDirectory = spec.WorkingDirectory ?? Environment.CurrentDirectory,
        };
        spec.Arguments.ToList().ForEach(start.ArgumentList.Add);
        // A clean environment, not a copy of ours: see InheritedEnvironment.
        start.Environment.Clear();
        foreach (var (key, value) in InheritedEnvironment.Pick(InheritedEnvironment.Basics).Concat(spec.Environment))
        {
            start.Environment[key] = value;
        }

        start.Environment["SORCHA_APPHOST_PID"] = Environment.ProcessId.ToString(System.Globalization.CultureInfo.InvariantCulture);
        var process = new Process { StartInfo = start, EnableRaisingEvents = true };
        process.OutputDataReceived += (_, e) => OnOutput(state, e.Data);
        process.ErrorDataReceived += (_, e) => OnOutput(state, e.Data);
        process.Exited += (_, _) => OnExited(state, process);
        process.Start();
        state.StartedAt = DateTimeOffset.UtcNow;
        state.Process = process;
        process.BeginOutputReadLine();
        process.BeginErrorReadLine();
    }

    private void OnOutput(ResourceState state, string? line)
    {
        if (line is null)
        {
            return;
        }

        state.AppendLog(line);
        Echo(state.Spec.Name, line);
    }

    private void OnExited(ResourceState state, Process process)
    {
        var exit = new ResourceExit(process.ExitCode, DateTimeOffset.UtcNow);
        lock (state.Gate)
        {
            if (state.Process != process)
            {
                return;
            }

            state.LastExit = exit;
            // Only a resource that was ready once is restarted: one that fails its first start is a configuration
            // error, which WaitReadyAsync reports to whoever started it. Decided under the gate, so that a deliberate
            // stop cannot slip in between the check and the supervisor's decision.
            if (!_stopping && state.Status != ResourceStatus.Stopped && state.ReadyAt is not null)
            {
                _supervisor.OnCrash(state, process, exit);
            }
        }
    }

    /// <summary>An orchestrator's line about a resource: echoed, and kept with the resource's output (the dashboard's logs).</summary>
    private void Report(ResourceState state, string line)
    {
        state.AppendLog($"[apphost] {line}");
        Echo(state.Spec.Name, line);
    }

    private void Echo(string name, string line) => _echo?.Invoke(name, line);

    public async ValueTask DisposeAsync()
    {
        _stopping = true;
        _supervisor.Dispose();
        // Stop in reverse start order so services drain before Redis goes away.
        foreach (var state in _resources.Values.Reverse())
        {
            await StopResourceAsync(state.Spec.Name);
            state.Process?.Dispose();
        }
    }
}
