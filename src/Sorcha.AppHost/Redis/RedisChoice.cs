namespace Sorcha.AppHost.Redis;

/// <summary>
/// The Redis a run uses: how services connect, why it was chosen, and the process to start (null for an outside
/// Redis or a container, which Aspire's own Redis resource runs).
/// </summary>
public sealed record RedisChoice(string Provider, string ConnectionString, RedisLaunch? Launch, string Reason);

/// <summary>A Redis the AppHost runs as a process: command, arguments, its port and when it is ready.</summary>
public sealed record RedisLaunch(string Command, IReadOnlyList<string> Args, int Port)
{
    public IReadOnlyDictionary<string, string> Environment { get; init; } = new Dictionary<string, string>();

    /// <summary>A file whose existence means ready (the cluster's script writes it); null: ready when it answers PING.</summary>
    public string? ReadyFile { get; init; }
}
