using System.Diagnostics;
using Sorcha.Performance.Engine;

namespace Sorcha.Performance.Tests;

public class OpenModelRunnerTests
{
    [Fact]
    public async Task Every_scheduled_request_starts_even_while_none_has_been_answered()
    {
        // A server that answers nothing until the 40th request has started: a generator that waited for answers
        // (closed loop, coordinated omission) would never get there, and the timeout below would fail the test.
        var server = new HeldAnswers(release: 40);
        var meter = new ScenarioMeter(server.Name);
        var plan = new LoadPlan(TimeSpan.Zero, TimeSpan.FromSeconds(0.4), 2, Ramp: false);
        using var context = new LoadContext(new Uri("http://localhost:1"), "unused");

        await OpenModelRunner.RunAsync([new Arrivals(server, 100, meter, context)], plan, Stopwatch.StartNew(), CancellationToken.None)
            .WaitAsync(TimeSpan.FromSeconds(30));

        var samples = meter.Samples();
        Assert.Equal(40, samples.Count);
        Assert.All(samples, s => Assert.True(s.Ok));
        Assert.Equal(Enumerable.Range(0, 40).Select(i => i / 100.0), samples.Select(s => s.DueAt).Order(), new Tolerance(1e-9));
        Assert.All(samples, s => Assert.True(s.LagMs >= 0, "a request never starts before it is due"));
    }

    [Fact]
    public async Task With_several_scenarios_each_sends_one_request_per_interval_at_a_random_point_of_it()
    {
        // Equal rates would otherwise keep every scenario at a fixed phase to the others for the whole run.
        var plan = new LoadPlan(TimeSpan.Zero, TimeSpan.FromSeconds(0.5), 1, Ramp: false);
        using var context = new LoadContext(new Uri("http://localhost:1"), "unused");
        var meters = Enumerable.Range(0, 3).Select(i => new ScenarioMeter($"s{i}")).ToArray();

        await OpenModelRunner.RunAsync([.. meters.Select(m => new Arrivals(new Answered(), 100, m, context))], plan, Stopwatch.StartNew(), CancellationToken.None)
            .WaitAsync(TimeSpan.FromSeconds(30));

        foreach (var meter in meters)
        {
            var slots = meter.Samples().Select(s => (int)Math.Floor(s.DueAt * 100)).ToList();
            Assert.Equal(Enumerable.Range(0, 50), slots.Order());
        }

        var phases = meters.SelectMany(m => m.Samples()).Select(s => s.DueAt * 100 % 1).ToList();
        Assert.True(phases.Distinct().Count() > 100, "due times spread over their intervals");
        Assert.InRange(phases.Average(), 0.35, 0.65);
    }

    private sealed class Answered : Scenario
    {
        public override string Name => "answered";
        public override double DefaultRate => 100;
        public override Task<bool> StepAsync(LoadContext context, CancellationToken ct) => Task.FromResult(true);
    }

    private sealed class HeldAnswers(int release) : Scenario
    {
        private readonly TaskCompletionSource _answer = new(TaskCreationOptions.RunContinuationsAsynchronously);
        private int _started;

        public override string Name => "held";
        public override double DefaultRate => 100;

        public override async Task<bool> StepAsync(LoadContext context, CancellationToken ct)
        {
            if (Interlocked.Increment(ref _started) == release)
            {
                _answer.SetResult();
            }

            await _answer.Task;
            return true;
        }
    }

    private sealed class Tolerance(double epsilon) : IEqualityComparer<double>
    {
        public bool Equals(double x, double y) => Math.Abs(x - y) <= epsilon;
        public int GetHashCode(double obj) => 0;
    }
}
