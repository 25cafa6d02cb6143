using System.Diagnostics;

namespace Sorcha.EventsBench;

/// <summary>
/// An open-model schedule: request i starts at start + i/rate whether or not earlier ones have finished, so a slow
/// server cannot slow the clock (coordinated omission). One dedicated thread keeps the schedule and starts each step
/// itself, up to the step's first wait; it sleeps to 1.5 ms before a due time and spins the rest. The start lag
/// (actual start − due time) is returned for the report: it shows when the generator, not the server, was late.
/// </summary>
public static class OpenModel
{
    /// <param name="step">Runs request <c>i</c>; must not throw (a step records its own failures).</param>
    /// <returns>Each request's start lag, in milliseconds.</returns>
    public static async Task<double[]> RunAsync(double rate, int count, Func<int, Task> step)
    {
        var lags = new double[count];
        var steps = new Task[count];
        var done = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        var thread = new Thread(() =>
        {
            var start = Stopwatch.GetTimestamp();
            for (var i = 0; i < count; i++)
            {
                var due = start + (long)(i * Stopwatch.Frequency / rate);
                while (Stopwatch.GetElapsedTime(Stopwatch.GetTimestamp(), due) is { TotalMilliseconds: > 1.5 } left)
                {
                    Thread.Sleep(TimeSpan.FromMilliseconds(left.TotalMilliseconds - 1));
                }

                while (Stopwatch.GetTimestamp() < due)
                {
                    Thread.SpinWait(20);
                }

                lags[i] = Stopwatch.GetElapsedTime(due).TotalMilliseconds;
                steps[i] = step(i);
            }

            done.SetResult();
        })
        { IsBackground = true, Priority = ThreadPriority.Highest, Name = "open-model schedule" };
        thread.Start();
        await done.Task;
        await Task.WhenAll(steps);
        return lags;
    }

    /// <summary>Milliseconds between two Stopwatch timestamps (negative when <paramref name="to"/> came first).</summary>
    public static double Ms(long from, long to) => (to - from) * 1000.0 / Stopwatch.Frequency;
}
