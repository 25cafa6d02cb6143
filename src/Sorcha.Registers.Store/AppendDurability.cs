namespace Sorcha.Registers.Store;

/// <summary>
/// What an append waits for before it reports success (a 201): <c>WAIT <see cref="Replicas"/></c> on the master that
/// holds the register, so that the commit is on the master and on that many replicas — a master that dies right after
/// the 201 cannot take it with it once a replica that has it is promoted (docs/reliability.md, "Redis Cluster").
/// Bound to Redis:Durability in the Transaction service (the only appender).
/// </summary>
public sealed class AppendDurability
{
    /// <summary>
    /// Replicas that must acknowledge an append; null (the default) means 1 on a Redis Cluster and 0 (no wait) on a
    /// single Redis, where there is no replica to promote.
    /// </summary>
    public int? Replicas { get; set; }

    /// <summary>
    /// How long WAIT blocks for the acknowledgements. Past it the append is on the master only and the caller gets a 503
    /// (a retry with the same transaction is idempotent). Keep it under Limits:Redis:AsyncTimeoutMs.
    /// </summary>
    public int TimeoutMs { get; set; } = 1_000;
}
