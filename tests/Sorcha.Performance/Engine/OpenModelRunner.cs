using System.Diagnostics;

namespace Sorcha.Performance.Engine;

/// <summary>
/// Fires requests at fixed arrival times (open model, like NBomber's Inject): the next request starts on schedule
/// whether or not earlier ones finished. Latency runs from the scheduled time, so a stalled server shows as latency
/// instead of silently slowing the generator (coordinated omission). Requests the generator could not start because
/// too many were in flight are counted as NotSent and fail the run.
/// </summary>
public static class OpenModelRunner
{
    private const int MaxInFlight = 2_000;

    public static async Task<ScenarioResult> RunAsync(
        Scenario scenario, LoadContext context, double rate, TimeSpan warmUp, TimeSpan duration, CancellationToken ct)
    {
        var interval = TimeSpan.FromSeconds(1 / rate);
        var total = (long)((warmUp + duration).TotalSeconds * rate);
        var warmUpCount = (long)(warmUp.TotalSeconds * rate);
        var latencies = new List<double>((int)Math.Min(total, 10_000_000));
        long fail = 0, notSent = 0, inFlight = 0;
        var pending = new List<Task>();
        var clock = Stopwatch.StartNew();

        for (long i = 0; i < total && !ct.IsCancellationRequested; i++)
        {
            var scheduled = interval * i;
            var wait = scheduled - clock.Elapsed;
            if (wait > TimeSpan.FromMilliseconds(1))
            {
                await Task.Delay(wait, ct);
            }

            var measured = i >= warmUpCount;
            if (Interlocked.Read(ref inFlight) >= MaxInFlight)
            {
                if (measured)
                {
                    notSent++;
                }

                continue;
            }

            Interlocked.Increment(ref inFlight);
            pending.Add(Task.Run(async () =>
            {
                bool ok;
                try
                {
                    ok = await scenario.StepAsync(context, ct);
                }
                catch (Exception ex) when (ex is HttpRequestException or TaskCanceledException or InvalidOperationException
                                               or System.Text.Json.JsonException or FormatException)
                {
                    ok = false;
                }

                var latency = (clock.Elapsed - scheduled).TotalMilliseconds;
                Interlocked.Decrement(ref inFlight);
                if (!measured)
                {
                    return;
                }

                lock (latencies)
                {
                    if (ok)
                    {
                        latencies.Add(latency);
                    }
                    else
                    {
                        fail++;
                    }
                }
            }, CancellationToken.None));
        }

        await Task.WhenAll(pending);
        return ScenarioResult.From(scenario.Name, rate, duration.TotalSeconds, latencies, fail, notSent);
    }
}
