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
