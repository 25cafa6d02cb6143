namespace Sorcha.Performance.Engine.Capacity;

/// <summary>One short step of the search: a rate and whether it held (P99 within the bound, OK ≥ 99.9 %, nothing dropped).</summary>
public sealed record CapacityStep(double Rate, long Requests, double OkRate, double P50, double P95, double P99, long Dropped, bool Pass);

/// <summary>
/// The highest rate that holds: double from the start rate until a step fails (halve while it fails), then bisect
/// (geometrically) between the highest rate that held and the lowest that failed until they are within
/// <paramref name="resolution"/>. On a noisy machine a rate can pass above one that failed; the answer is the highest
/// passing rate below the lowest failing one, so a lucky step cannot raise it.
/// </summary>
public static class CapacitySearch
{
    public static async Task<(double? Capacity, IReadOnlyList<CapacityStep> Steps)> RunAsync(double startRate,
        Func<double, Task<CapacityStep>> measure, double resolution = 0.05, double minRate = 0.5, double maxRate = 20_000,
        int maxSteps = 14)
    {
        var steps = new List<CapacityStep>();
        var rate = startRate;
        while (steps.Count < maxSteps)
        {
            steps.Add(await measure(rate));
            var (held, failed) = Bracket(steps);
            if (held is null)
            {
                if (rate / 2 < minRate)
                {
                    break;
                }

                rate /= 2;
            }
            else if (failed is null)
            {
                if (rate * 2 > maxRate)
                {
                    break;
                }

                rate *= 2;
            }
            else if (failed.Value / held.Value <= 1 + resolution)
            {
                break;
            }
            else
            {
                rate = Math.Sqrt(held.Value * failed.Value);
            }
        }

        return (Bracket(steps).Held, steps);
    }

    /// <summary>The lowest failing rate, and the highest passing rate below it.</summary>
    public static (double? Held, double? Failed) Bracket(IReadOnlyList<CapacityStep> steps)
    {
        var failed = steps.Where(s => !s.Pass).Select(s => (double?)s.Rate).Min();
        var held = steps.Where(s => s.Pass && (failed is null || s.Rate < failed)).Select(s => (double?)s.Rate).Max();
        return (held, failed);
    }
}
