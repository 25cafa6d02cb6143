using System.Threading.RateLimiting;

namespace Sorcha.ApiPlatform.Limits;

/// <summary>
/// At most a fixed number of one kind of request per caller at once. One more is refused at once (429), not queued:
/// a caller that waits for its own earlier request needs no queue on the server, and one caller cannot hold several
/// of the process-wide <see cref="WorkSlots"/> and starve the others. A concurrency limiter per caller, partitioned
/// as the per-caller rate limit is (<see cref="RateLimiting"/>); idle callers' limiters are dropped by the library.
/// </summary>
public sealed class CallerSlots(int perCaller) : IDisposable
{
    private readonly PartitionedRateLimiter<string> _limiter = PartitionedRateLimiter.Create<string, string>(caller =>
        RateLimitPartition.GetConcurrencyLimiter(caller, _ => new ConcurrencyLimiterOptions
        {
            PermitLimit = Math.Max(1, perCaller),
            QueueLimit = 0,
        }));

    /// <summary>A slot to dispose when the request is done, or null when the caller already runs its share.</summary>
    public IDisposable? TryEnter(string caller)
    {
        var lease = _limiter.AttemptAcquire(caller);
        if (lease.IsAcquired)
        {
            return lease;
        }

        lease.Dispose();
        return null;
    }

    public void Dispose() => _limiter.Dispose();
}
