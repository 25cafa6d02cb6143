using System.Diagnostics;

namespace Sorcha.Hosting;

/// <summary>Exited: crashed, a restart is due. Stopped: stopped on purpose. Failed: never got ready, or the supervisor gave up.</summary>
public enum ResourceStatus { NotStarted, Starting, Running, Exited, Stopped, Failed }

/// <summary>How and when a resource's process last ended (137 = 128 + SIGKILL).</summary>
public sealed record ResourceExit(int Code, DateTimeOffset At);

/// <summary>What the orchestrator knows about a resource now; the dashboard and tests read it.</summary>
public sealed class ResourceState(ResourceSpec spec)
{
    private const int LogCapacity = 2_000;
    private readonly Queue<string> _logs = new();

    public ResourceSpec Spec { get; } = spec;
    public ResourceStatus Status { get; internal set; } = ResourceStatus.NotStarted;
    public Process? Process { get; internal set; }
    public int Restarts { get; internal set; }
    public DateTimeOffset? ReadyAt { get; internal set; }

    /// <summary>When the current process was started: its uptime decides whether a crash ends a stable run.</summary>
    public DateTimeOffset? StartedAt { get; internal set; }

    public ResourceExit? LastExit { get; internal set; }

    /// <summary>Crashes since the resource last stayed up for <see cref="RestartPolicy.StableAfter"/>.</summary>
    public int CrashesInARow { get; internal set; }

    /// <summary>Guards status changes between the supervisor's restarts and deliberate stops and starts.</summary>
    internal Lock Gate { get; } = new();

    public void AppendLog(string line)
    {
        lock (_logs)
        {
            _logs.Enqueue(line);
            if (_logs.Count > LogCapacity)
            {
                _logs.Dequeue();
            }
        }
    }

    public IReadOnlyList<string> Logs()
    {
        lock (_logs)
        {
            return [.. _logs];
        }
    }
}
