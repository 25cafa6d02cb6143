using System.Diagnostics;

namespace Sorcha.Hosting;

public enum ResourceStatus { NotStarted, Starting, Running, Exited, Stopped, Failed }

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
