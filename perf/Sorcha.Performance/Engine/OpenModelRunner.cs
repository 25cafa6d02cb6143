using System.Diagnostics;

namespace Sorcha.Performance.Engine;

/// <summary>One scenario's arrivals: its rate, where its requests are counted, and the platform they go to.</summary>
public sealed record Arrivals(Scenario Scenario, double BaseRate, ScenarioMeter Meter, LoadContext Context);

/// <summary>
/// Fires requests at scheduled arrival times (open model, like NBomber's Inject): the next request starts on schedule
/// whether or not earlier ones finished, so a slow server cannot slow the clock (coordinated omission).
/// One dedicated thread keeps the schedule of every scenario and starts each request itself (its synchronous part,
/// up to the first network wait, runs there); it sleeps with <see cref="PreciseWait"/>, so a request starts within
/// about 0.1 ms of its due time instead of waiting for a timer and a thread-pool thread. Latency runs from the step's
/// first write to its socket to its last read from one, as wrk measures (<see cref="WireTimedStream"/>); the start lag (that moment − due time) is reported beside it, so a late
/// generator shows instead of hiding inside the server's figures.
/// </summary>
public static class OpenModelRunner
{
    private const int MaxInFlight = 2_000;

    /// <param name="clock">Shared by every scenario of a run, so that sub-windows line up across scenarios.</param>
    public static async Task RunAsync(IReadOnlyList<Arrivals> arrivals, LoadPlan plan, Stopwatch clock, CancellationToken ct)
    {
        var inFlight = new InFlight();
        var scheduled = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        var thread = new Thread(() =>
        {
            try
            {
                Schedule(arrivals, plan, clock, inFlight, ct);
                scheduled.SetResult();
            }
#pragma warning disable CA1031 // handed to the awaiting run, which fails with it
            catch (Exception ex)
#pragma warning restore CA1031
            {
                scheduled.SetException(ex);
            }
        })
        { IsBackground = true, Name = "load-scheduler" };
        thread.Start();
        await scheduled.Task;
        await inFlight.DrainedAsync();
    }

    private static void Schedule(IReadOnlyList<Arrivals> arrivals, LoadPlan plan, Stopwatch clock, InFlight inFlight,
        CancellationToken ct)
    {
        PreciseWait.PrepareThread();
        var origin = Stopwatch.GetTimestamp() - clock.ElapsedTicks;
        // One scenario alone is paced exactly, as wrk paces (perf/scripts/generator-check.sh compares the two). Scenarios at
        // equal or commensurate rates would keep fixed phases to each other, and a request's latency depends on which
        // others it meets: measured so, a scenario's figures owe as much to its phase as to its work, and in an A/B run
        // the two platforms' phases differ. So with several scenarios, each keeps one request per interval of its rate,
        // due at a random point of that interval: the company a request meets is random, alike for every scenario and
        // for both platforms.
        var spread = arrivals.Count > 1;
        var random = new Random();
        var queue = new PriorityQueue<(Arrivals Arrivals, TimeSpan Slot), TimeSpan>();
        foreach (var a in arrivals)
        {
            Enqueue(a, TimeSpan.Zero);
        }

        while (queue.TryDequeue(out var item, out var due) && !ct.IsCancellationRequested)
        {
            var next = item.Arrivals;
            var dueAt = origin + (long)(due.TotalSeconds * Stopwatch.Frequency);
            PreciseWait.Until(dueAt);
            var measured = plan.WindowOf(due) >= 0;
            if (inFlight.Count >= MaxInFlight)
            {
                next.Meter.Drop(due.TotalSeconds, measured);
            }
            else
            {
                _ = StepAsync(next, due, dueAt, measured, inFlight, ct); // failures are recorded; tracked by inFlight
            }

            Enqueue(next, item.Slot + Interval(next, item.Slot));
        }

        void Enqueue(Arrivals a, TimeSpan slot)
        {
            var due = spread ? slot + Interval(a, slot) * random.NextDouble() : slot;
            if (due < plan.End)
            {
                queue.Enqueue((a, slot), due);
            }
        }

        TimeSpan Interval(Arrivals a, TimeSpan slot) =>
            a.Scenario.RateAt(slot, a.BaseRate, plan) * plan.WarmUpFactor(slot) is var rate and > 0
                ? TimeSpan.FromSeconds(1 / rate) : TimeSpan.FromMilliseconds(100);
    }

    /// <summary>One request: runs inline on the scheduler thread until it first waits on the network.</summary>
    private static async Task StepAsync(Arrivals a, TimeSpan due, long dueAt, bool measured,
        InFlight inFlight, CancellationToken ct)
    {
        inFlight.Increment();
        try
        {
            var start = Stopwatch.GetTimestamp();
            var trace = new RequestTrace(measured ? a.Meter : null);
            StageTimings.Current.Value = trace;
            var ok = await CheckedStepAsync(a, ct);
            var sent = trace.FirstSentAt ?? start;
            var end = trace.LastReceivedAt ?? Stopwatch.GetTimestamp();
            a.Meter.Record(new Sample(due.TotalSeconds, Stopwatch.GetElapsedTime(sent, end).TotalMilliseconds,
                Stopwatch.GetElapsedTime(dueAt, sent).TotalMilliseconds, ok), measured);
        }
        finally
        {
            inFlight.Decrement();
        }
    }

    private static async Task<bool> CheckedStepAsync(Arrivals a, CancellationToken ct)
    {
        try
        {
            if (await a.Scenario.StepAsync(a.Context, ct))
            {
                return true;
            }

            a.Meter.Error("answer did not check out");
        }
#pragma warning disable CA1031 // any exception from a step is a failed request, never a crashed run
        catch (Exception ex)
#pragma warning restore CA1031
        {
            a.Meter.Error(ex.GetType().Name + ": " + ex.Message);
        }

        return false;
    }

    /// <summary>
    /// Requests started and not yet recorded. No list of their tasks is kept: tens of thousands of finished tasks held
    /// until the end of a run would grow the generator's heap, and its collections would pause the scheduler.
    /// </summary>
    private sealed class InFlight
    {
        private readonly TaskCompletionSource _drained = new(TaskCreationOptions.RunContinuationsAsynchronously);
        private long _count = 1; // the schedule itself, until DrainedAsync

        public long Count => Interlocked.Read(ref _count) - 1;
        public void Increment() => Interlocked.Increment(ref _count);

        public void Decrement()
        {
            if (Interlocked.Decrement(ref _count) == 0)
            {
                _drained.TrySetResult();
            }
        }

        /// <summary>Called once the schedule is done: completes when every started request has been recorded.</summary>
        public Task DrainedAsync()
        {
            Decrement();
            return _drained.Task;
        }
    }
}
