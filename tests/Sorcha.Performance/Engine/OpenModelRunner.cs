using System.Diagnostics;

namespace Sorcha.Performance.Engine;

/// <summary>
/// Fires requests at scheduled arrival times (open model, like NBomber's Inject): the next request starts on schedule
/// whether or not earlier ones finished. Latency runs from the scheduled time, so a stalled server — or a stalled
/// generator — shows as latency instead of silently slowing the clock (coordinated omission). What the generator
/// could not do on time is reported: start lag per request, and requests dropped because too many were in flight.
/// </summary>
public static class OpenModelRunner
{
    private const int MaxInFlight = 2_000;

    /// <param name="clock">Shared by every scenario of a run, so that sub-windows line up across scenarios.</param>
    public static async Task RunAsync(Scenario scenario, LoadContext context, double baseRate, LoadPlan plan,
        ScenarioMeter meter, Stopwatch clock, CancellationToken ct)
    {
        long inFlight = 0;
        var pending = new List<Task>();
        var due = TimeSpan.Zero;
        while (due < plan.End && !ct.IsCancellationRequested)
        {
            var wait = due - clock.Elapsed;
            if (wait > TimeSpan.FromMilliseconds(1) && !await Delay(wait, ct))
            {
                break;
            }

            var measured = plan.WindowOf(due) >= 0;
            if (Interlocked.Read(ref inFlight) >= MaxInFlight)
            {
                meter.Drop(measured);
            }
            else
            {
                Interlocked.Increment(ref inFlight);
                var scheduled = due;
                pending.Add(Task.Run(async () =>
                {
                    var lag = clock.Elapsed - scheduled;
                    StageTimings.Current.Value = measured ? meter : null;
                    var ok = await StepAsync(scenario, context, meter, ct);
                    var latency = clock.Elapsed - scheduled;
                    Interlocked.Decrement(ref inFlight);
                    meter.Record(new Sample(scheduled.TotalSeconds, latency.TotalMilliseconds, lag.TotalMilliseconds, ok), measured);
                }, CancellationToken.None));
            }

            var rate = scenario.RateAt(due, baseRate, plan) * plan.WarmUpFactor(due);
            due += rate > 0 ? TimeSpan.FromSeconds(1 / rate) : TimeSpan.FromMilliseconds(100);
        }

        await Task.WhenAll(pending);
    }

    private static async Task<bool> StepAsync(Scenario scenario, LoadContext context, ScenarioMeter meter, CancellationToken ct)
    {
        try
        {
            if (await scenario.StepAsync(context, ct))
            {
                return true;
            }

            meter.Error("answer did not check out");
        }
#pragma warning disable CA1031 // any exception from a step is a failed request, never a crashed run
        catch (Exception ex)
#pragma warning restore CA1031
        {
            meter.Error(ex.GetType().Name + ": " + ex.Message);
        }

        return false;
    }

    private static async Task<bool> Delay(TimeSpan wait, CancellationToken ct)
    {
        try
        {
            await Task.Delay(wait, ct);
            return true;
        }
        catch (OperationCanceledException)
        {
            return false;
        }
    }
}
