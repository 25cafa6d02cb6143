namespace Sorcha.Hosting;

/// <summary>One process the orchestrator runs: what to start, where it listens, how to tell it is ready.</summary>
public sealed record ResourceSpec(string Name, string FileName, IReadOnlyList<string> Arguments)
{
    public string? WorkingDirectory { get; init; }

    /// <summary>The child's whole environment besides <see cref="InheritedEnvironment.Basics"/>: nothing else is inherited.</summary>
    public IReadOnlyDictionary<string, string> Environment { get; init; } = new Dictionary<string, string>();

    /// <summary>The loopback port the resource listens on (0 = none, e.g. an external Redis).</summary>
    public int Port { get; init; }

    /// <summary>Resources that must be ready before this one starts (Aspire's WaitFor).</summary>
    public IReadOnlyList<string> WaitFor { get; init; } = [];

    /// <summary>Returns true once the resource serves requests.</summary>
    public required Func<CancellationToken, Task<bool>> Readiness { get; init; }

    /// <summary>False for resources that exist outside the orchestrator (an external Redis): nothing to start.</summary>
    public bool Managed { get; init; } = true;

    public Uri Url => new($"http://127.0.0.1:{Port}");
}
