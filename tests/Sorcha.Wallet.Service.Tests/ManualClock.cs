namespace Sorcha.Wallet.Service.Tests;

/// <summary>A clock the test moves, whose timers run when the test says.</summary>
internal sealed class ManualClock : TimeProvider
{
    private readonly List<TimerCallback> _timers = [];
    private long _ticks;

    public override long TimestampFrequency => TimeSpan.TicksPerSecond;

    public override long GetTimestamp() => Interlocked.Read(ref _ticks);

    public void Advance(TimeSpan by) => Interlocked.Add(ref _ticks, by.Ticks);

    public void FireTimers()
    {
        foreach (var timer in _timers.ToList())
        {
            timer(null);
        }
    }

    public override ITimer CreateTimer(TimerCallback callback, object? state, TimeSpan dueTime, TimeSpan period)
    {
        lock (_timers)
        {
            _timers.Add(callback);
        }

        return new Nothing();
    }

    private sealed class Nothing : ITimer
    {
        public bool Change(TimeSpan dueTime, TimeSpan period) => true;

        public void Dispose()
        {
        }

        public ValueTask DisposeAsync() => ValueTask.CompletedTask;
    }
}
