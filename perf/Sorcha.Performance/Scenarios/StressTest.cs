using Sorcha.Performance.Engine;

namespace Sorcha.Performance.Scenarios;

/// <summary>
/// The mixed workload on a rate profile: warm-up at the base rate (the mixed rate, 50/s), then over the measured
/// window a ramp up to 2× in the first quarter, a hold at 2× for half of it, and a ramp back down to 1× in the last
/// quarter; on average 1.75× the base rate. The engine asks RateAt for the rate at each arrival, telling it the plan being run (a smoke run, a capacity step), so the ramp fits the window. It
/// shares the mixed workload's objects and data.
/// </summary>
public sealed class StressTest(MixedWorkload mixed) : LoadScenario
{
    public const double Peak = 2;
    private long _counter;

    public override string Name => "stress_test";

    /// <summary>The base of the profile (the mixed workload's rate), not its average.</summary>
    public override double DefaultRate => mixed.DefaultRate;

    public override double RateAt(TimeSpan elapsed, double baseRate, LoadPlan plan) => baseRate * Factor(elapsed, plan);

    /// <summary>1 during warm-up; 1 → 2 over the first quarter of the measured window, 2 for half, 2 → 1 over the last quarter.</summary>
    public static double Factor(TimeSpan elapsed, LoadPlan plan)
    {
        var u = (elapsed - plan.WarmUp) / plan.Duration;
        return u switch
        {
            < 0 => 1,
            < 0.25 => 1 + (Peak - 1) * u / 0.25,
            < 0.75 => Peak,
            < 1 => Peak - (Peak - 1) * (u - 0.75) / 0.25,
            _ => 1,
        };
    }

    protected override Task InitOnceAsync(LoadContext context, CancellationToken ct) => mixed.InitAsync(context, ct);

    public override Task<bool> StepAsync(LoadContext context, CancellationToken ct) =>
        mixed.StepAsync(context, Interlocked.Increment(ref _counter), ct);
}
