namespace Sorcha.Performance.Engine.Gate;

/// <summary>The gate's thresholds (docs/performance.md, "The gate": how they were chosen and what they achieved).</summary>
public static class GatePolicy
{
    /// <summary>Under this OK rate the run is not a measurement (exit 2).</summary>
    public const double MinOkRate = 0.999;

    /// <summary>Requests sent per second may fall this far (sends dropped by the generator) before it is a regression.</summary>
    public const double RpsTolerance = 0.02;

    /// <summary>Normalising needs enough scenarios for their median to ignore one slowed scenario.</summary>
    public const int MinScenariosToNormalise = 5;

    /// <summary>Limits on current / baseline after normalising; a 25 % slowdown must exceed the P95 one.</summary>
    public const double P50Limit = 1.25;
    public const double P95Limit = 1.15;
    public const double P99Limit = 1.5;

    /// <summary>
    /// The P50 limit of an A/B run. A quarter more time per request must be flagged even through the largest slack the
    /// stale rule leaves (1.25 × (1 − <see cref="StaleP50"/>) ≈ 1.19), and unchanged code's P50 moved within ±4 % between
    /// the platforms of one run (docs/performance.md, "The gate"). The consistency rule keeps stalls out, as on every limit.
    /// </summary>
    public const double AbP50Limit = 1.15;

    /// <summary>
    /// A baseline is stale when, in an A/B run, the current build is faster than the baseline's commit by more than this
    /// share of a percentile, consistently (t under −<see cref="MinConsistency"/>): every improvement is slack that would
    /// hide a later slowdown, so the change that improves must also re-record the baseline (exit 3).
    /// </summary>
    public const double StaleP50 = 0.05;

    /// <summary>The P95's share: wider, a 5 s window's P95 moves more than its P50.</summary>
    public const double StaleP95 = 0.10;

    /// <summary>What the report names when the baseline is stale (committed tree, a quiet machine; docs/performance.md).</summary>
    public const string ReRecordCommand = "bash scripts/perf-smoke.sh --update-baseline";

    /// <summary>A P95 over its limit is a regression only with the P50 over this too, or the P95 over the tail-only limit.</summary>
    public const double P95MedianCorroboration = 1.05;
    public const double P95TailOnlyLimit = 1.35;

    /// <summary>
    /// In an A/B run a figure over its limit is a regression only when it is over the reference's consistently through
    /// the run: the log ratios of the two platforms' figures in each window (paired in time) give a one-sided t
    /// statistic over this. A real slowdown shows in every window (t of 6–40 measured); a machine that stalls now and
    /// then moves a whole-window P95 of either side by 30–60 % but not window after window (t ≤ 3.1 measured, on a P99,
    /// which in a 5 s window is nearly its maximum). 4 is a one-sided p of 0.0007 for 15 windows, so that 36 checks a
    /// run stay under 1 false alarm in 40 runs even before the limit. Replaces the P95 corroboration rule in A/B runs
    /// (docs/performance.md, "The gate").
    /// </summary>
    public const double MinConsistency = 4.0;

    /// <summary>Fewer windows with figures on both sides than this: no t statistic, the limit alone decides.</summary>
    public const int MinPairedWindows = 5;

    /// <summary>Everything slower at once: confounded with the machine's speed and load, so a much wider limit.</summary>
    public const double MachineFactorLimit = 2.0;
}
