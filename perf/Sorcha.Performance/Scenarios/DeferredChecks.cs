using System.Collections.Concurrent;

namespace Sorcha.Performance.Scenarios;

/// <summary>
/// Sampled checks that run off the timed path (so one step in N does not carry an extra request in its latency),
/// and background work whose failure must still show. Each failure is handed to the next step that finishes, which
/// then fails with it: the fail count stays exact, only its attribution moves by a step or two. Checks still running
/// when the load ends are not counted.
/// </summary>
public sealed class DeferredChecks
{
    private readonly ConcurrentQueue<string> _failures = new();

    /// <summary>Runs <paramref name="check"/> in the background: null means it passed, otherwise why it did not.</summary>
    public void Start(string what, Func<Task<string?>> check) => _ = RunAsync(what, check);

    /// <summary>Fails the calling step with the oldest failure not yet reported, if any.</summary>
    public void ThrowIfAnyFailed()
    {
        if (_failures.TryDequeue(out var failure))
        {
            throw new AnswerMismatchException("deferred " + failure);
        }
    }

    private async Task RunAsync(string what, Func<Task<string?>> check)
    {
        try
        {
            if (await check() is { } problem)
            {
                _failures.Enqueue($"{what}: {problem}");
            }
        }
#pragma warning disable CA1031 // whatever went wrong, the check failed and must be counted
        catch (Exception ex)
#pragma warning restore CA1031
        {
            _failures.Enqueue($"{what}: {ex.GetType().Name}: {ex.Message}");
        }
    }
}
