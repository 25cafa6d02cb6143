namespace Sorcha.ServiceDefaults.Limits;

/// <summary>
/// At most a fixed number of one kind of request per caller at once. One more is refused at once (429), not queued:
/// a caller that waits for its own earlier request needs no queue on the server, and one caller cannot hold several
/// of the process-wide <see cref="WorkSlots"/> and starve the others.
/// </summary>
public sealed class CallerSlots(int perCaller)
{
    private readonly int _perCaller = Math.Max(1, perCaller);
    private readonly Dictionary<string, int> _running = new(StringComparer.Ordinal);
    private readonly Lock _gate = new();

    /// <summary>A slot to dispose when the request is done, or null when the caller already runs its share.</summary>
    public IDisposable? TryEnter(string caller)
    {
        lock (_gate)
        {
            var running = _running.GetValueOrDefault(caller);
            if (running >= _perCaller)
            {
                return null;
            }

            _running[caller] = running + 1;
            return new Slot(this, caller);
        }
    }

    private void Exit(string caller)
    {
        lock (_gate)
        {
            // Callers with nothing running are forgotten, so the map holds only callers with work in flight.
            if (_running[caller] == 1)
            {
                _running.Remove(caller);
            }
            else
            {
                _running[caller]--;
            }
        }
    }

    private sealed class Slot(CallerSlots owner, string caller) : IDisposable
    {
        private int _released;

        public void Dispose()
        {
            if (Interlocked.Exchange(ref _released, 1) == 0)
            {
                owner.Exit(caller);
            }
        }
    }
}
