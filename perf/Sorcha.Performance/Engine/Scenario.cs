namespace Sorcha.Performance.Engine;

/// <summary>
/// One load scenario: <see cref="InitAsync"/> makes real data before the clock starts; <see cref="StepAsync"/> is one
/// request whose answer is checked. A step returns false (or throws) when the answer was wrong: that is a failure,
/// whatever the status code said.
/// </summary>
public abstract class Scenario
{
    public abstract string Name { get; }

    /// <summary>Requests per second at --rate-scale 1 (performance.md's defaults).</summary>
    public abstract double DefaultRate { get; }

    /// <summary>
    /// The arrival rate at <paramref name="elapsed"/> since the scenario's clock started (warm-up included); the
    /// runner schedules each next request from it. Constant by default; a stress ramp overrides it.
    /// </summary>
    public virtual double RateAt(TimeSpan elapsed, double baseRate) => baseRate;

    /// <summary>The same, told the plan being run (capacity steps and smoke runs have their own): a ramp can fit its window.</summary>
    public virtual double RateAt(TimeSpan elapsed, double baseRate, LoadPlan plan) => RateAt(elapsed, baseRate);

    public virtual Task InitAsync(LoadContext context, CancellationToken ct) => Task.CompletedTask;

    public abstract Task<bool> StepAsync(LoadContext context, CancellationToken ct);
}
