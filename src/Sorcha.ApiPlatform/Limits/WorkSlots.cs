namespace Sorcha.ApiPlatform.Limits;

/// <summary>
/// At most a fixed number of one kind of expensive work at once in this process (RSA key generation, register
/// verification), whoever asks. A request waits for a slot up to the queue time, so a short burst is served in turn;
/// past that it gives up (the handler answers 503 with Retry-After) instead of piling up threads or cores.
/// </summary>
public sealed class WorkSlots(int slots, TimeSpan queueWait) : IDisposable
{
    private readonly SemaphoreSlim _free = new(Math.Max(1, slots));

    /// <summary>A slot to dispose when the work is done, or null when none came free in time.</summary>
    public async Task<IDisposable?> TryEnterAsync(CancellationToken cancellationToken) =>
        await _free.WaitAsync(queueWait, cancellationToken) ? new Slot(_free) : null;

    public void Dispose() => _free.Dispose();

    private sealed class Slot(SemaphoreSlim free) : IDisposable
    {
        private int _released;

        public void Dispose()
        {
            if (Interlocked.Exchange(ref _released, 1) == 0)
            {
                free.Release();
            }
        }
    }
}
