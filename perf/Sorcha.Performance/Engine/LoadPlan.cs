namespace Sorcha.Performance.Engine;

/// <summary>
/// How long to load: a warm-up (excluded from every figure) then the measured window, cut into equal sub-windows
/// that the report charts; the gate compares the whole window (docs/performance.md, "The gate").
/// </summary>
public sealed record LoadPlan(TimeSpan WarmUp, TimeSpan Duration, int Windows, bool Ramp = true)
{
    public TimeSpan End => WarmUp + Duration;

    /// <summary>The sub-window a request due at <paramref name="dueAt"/> belongs to, or -1 during warm-up.</summary>
    public int WindowOf(TimeSpan dueAt) =>
        dueAt < WarmUp ? -1 : Math.Min(Windows - 1, (int)((dueAt - WarmUp) / (Duration / Windows)));

    /// <summary>
    /// Warm-up starts at 10 % of the rate and reaches it halfway through (unless Ramp is off): a cold platform (tier-0 JIT) offered the full
    /// rate at once builds a backlog that spills into the measured window.
    /// </summary>
    public double WarmUpFactor(TimeSpan dueAt)
    {
        var half = WarmUp / 2;
        return !Ramp || half <= TimeSpan.Zero || dueAt >= half ? 1 : 0.1 + 0.9 * (dueAt / half);
    }
}
