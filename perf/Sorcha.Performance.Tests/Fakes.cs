using Sorcha.Performance.Engine;

namespace Sorcha.Performance.Tests;

/// <summary>Runs built from made-up samples through the engine's own code: the tests check the statistics, not copies of them.</summary>
internal static class Fakes
{
    public static readonly LoadPlan Plan = new(TimeSpan.FromSeconds(10), TimeSpan.FromSeconds(60), 6);

    /// <summary>A scenario at <paramref name="rate"/>/s whose latencies are lognormal around <paramref name="medianMs"/>.</summary>
    public static ScenarioResult Scenario(string name, double medianMs, int seed, LoadPlan? plan = null, double rate = 50)
    {
        plan ??= Plan;
        var random = new Random(seed);
        var samples = new List<Sample>();
        var n = (int)(rate * plan.Duration.TotalSeconds);
        for (var i = 0; i < n; i++)
        {
            var normal = Math.Sqrt(-2 * Math.Log(1 - random.NextDouble())) * Math.Cos(2 * Math.PI * random.NextDouble());
            var latency = medianMs * Math.Exp(0.4 * normal);
            samples.Add(new Sample(plan.WarmUp.TotalSeconds + i / rate, latency, 0.2, true));
        }

        return ScenarioResult.From(name, rate, plan, samples, 0, new Dictionary<string, long>());
    }

    /// <summary>Twelve scenarios with different medians; every latency multiplied by <paramref name="scale"/> (per scenario if given).</summary>
    public static RunResults Run(int seed, double scale = 1, string? only = null, double onlyScale = 1, LoadPlan? plan = null)
    {
        plan ??= Plan;
        var scenarios = Enumerable.Range(0, 12).Select(i =>
        {
            var name = $"s{i}";
            var factor = scale * (name == only ? onlyScale : 1);
            return Scenario(name, (3 + i) * factor, seed * 100 + i, plan);
        }).ToArray();
        return new RunResults(Metadata(plan), scenarios);
    }

    public static RunMetadata Metadata(LoadPlan plan) => new("abc", false, "test", new MachineInfo(2, "cpu", "os", 1), "Release", "Release",
        "http://localhost/", "smoke", plan.WarmUp.TotalSeconds, plan.Duration.TotalSeconds, plan.Windows, 1,
        new Dictionary<string, double>(), DateTimeOffset.UnixEpoch, DateTimeOffset.UnixEpoch, [1, 1, 1], [1, 1, 1]);
}

/// <summary>
/// Runs that look like real ones, for the report pages: a cold warm-up, long tails, a stall in one scenario, a moment
/// when the generator itself was late, a few failures and a dropped send.
/// </summary>
internal static class RealisticRuns
{
    public static readonly LoadPlan Plan = new(TimeSpan.FromSeconds(10), TimeSpan.FromSeconds(60), 6);

    private static readonly (string Name, double MedianMs)[] Scenarios =
        [("blueprint_read", 4), ("wallet_sign", 9), ("action_submission", 35), ("register_read", 3), ("transaction_submission", 18), ("mixed_workload", 12)];

    /// <param name="slower">One scenario whose latencies are multiplied by <paramref name="factor"/>.</param>
    public static RunResults Run(int seed, string? slower = null, double factor = 1)
    {
        var random = new Random(seed);
        const double rate = 20;
        var results = Scenarios.Select(s =>
        {
            List<Sample> warmUp = [], measured = [];
            for (var t = 0.0; t < Plan.End.TotalSeconds; t += 1 / rate)
            {
                var normal = Math.Sqrt(-2 * Math.Log(1 - random.NextDouble())) * Math.Cos(2 * Math.PI * random.NextDouble());
                var latency = s.MedianMs * Math.Exp(0.35 * normal) * (1 + 3 * Math.Exp(-t / 3)) // cold start
                    * (random.NextDouble() < 0.02 ? 4 : 1) // a long tail
                    * (s.Name == "action_submission" && t is > 40 and < 44 ? 3 : 1) // a stall
                    * (s.Name == slower ? factor : 1);
                var lag = t is > 25 and < 26 ? 15 : 0.05 + 0.1 * random.NextDouble(); // the generator's machine was busy
                var ok = !(t < 2 && random.NextDouble() < 0.1); // cold-start timeouts, in the warm-up only
                (t < Plan.WarmUp.TotalSeconds ? warmUp : measured).Add(new Sample(t, latency, lag, ok));
            }

            return ScenarioResult.From(s.Name, rate, Plan, measured, dropped: 1, new Dictionary<string, long> { ["timeout"] = warmUp.Count(w => !w.Ok) },
                warmUp: warmUp, drops: [30.5]);
        }).ToArray();
        return new RunResults(Fakes.Metadata(Plan), results);
    }
}
