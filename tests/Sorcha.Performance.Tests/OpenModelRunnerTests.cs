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

        await OpenModelRunner.RunAsync([new Arrivals(server, 100, meter)], context, plan, Stopwatch.StartNew(), CancellationToken.None)
            .WaitAsync(TimeSpan.FromSeconds(30));

        var samples = meter.Samples();
        Assert.Equal(40, samples.Count);
        Assert.All(samples, s => Assert.True(s.Ok));
        Assert.Equal(Enumerable.Range(0, 40).Select(i => i / 100.0), samples.Select(s => s.DueAt).Order(), new Tolerance(1e-9));
        Assert.All(samples, s => Assert.True(s.LagMs >= 0, "a request never starts before it is due"));
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
