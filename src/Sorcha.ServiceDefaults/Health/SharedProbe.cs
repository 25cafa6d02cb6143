namespace Sorcha.ServiceDefaults.Health;

/// <summary>
/// One probe's answer shared by everyone who asks: callers that arrive while it runs wait for that run, and its answer
/// is reused for <c>freshFor</c> after it arrived. So an anonymous flood of health requests costs at most one probe in
/// flight and one started per <c>freshFor</c>, whatever its rate. The probe runs without any caller's token (a caller
/// that goes away must not cancel it for the others); it must bound its own time.
/// </summary>
public sealed class SharedProbe<T>(Func<Task<T>> probe, TimeSpan freshFor, TimeProvider clock)
{
    private readonly Lock _gate = new();
    private Task<T>? _current;
    private DateTimeOffset _staleAt;

    public Task<T> GetAsync(CancellationToken cancellationToken)
    {
        lock (_gate)
        {
            if (_current is null || (_current.IsCompleted && clock.GetUtcNow() >= _staleAt))
            {
                _current = RunAsync();
            }

            return _current.WaitAsync(cancellationToken);
        }
    }

    private async Task<T> RunAsync()
    {
        try
        {
            return await probe();
        }
        finally
        {
            lock (_gate)
            {
                _staleAt = clock.GetUtcNow() + freshFor;
            }
        }
    }
}
