using Sorcha.Performance.Engine.Capacity;

namespace Sorcha.Performance.Tests;

public class CapacitySearchTests
{
    private static Task<CapacityStep> Limit(double rate, double limit) =>
        Task.FromResult(new CapacityStep(rate, 100, 1, 1, 2, rate <= limit ? 5 : 50, 0, rate <= limit));

    [Theory]
    [InlineData(25, 137)]
    [InlineData(25, 9)]
    [InlineData(25, 25)]
    public async Task It_finds_the_limit_within_the_resolution(double start, double limit)
    {
        var (capacity, steps) = await CapacitySearch.RunAsync(start, rate => Limit(rate, limit));
        Assert.NotNull(capacity);
        Assert.InRange(capacity.Value, limit / 1.05, limit);
        Assert.True(steps.Count <= 14);
    }

    [Fact]
    public async Task A_lucky_pass_above_a_failing_rate_does_not_raise_the_answer()
    {
        var (capacity, _) = await CapacitySearch.RunAsync(100, rate => Task.FromResult(
            new CapacityStep(rate, 100, 1, 1, 2, 5, 0, Pass: rate is 100 or 400)));
        Assert.Equal(100, capacity);
    }

    [Fact]
    public async Task Nothing_holds_gives_no_capacity()
    {
        var (capacity, steps) = await CapacitySearch.RunAsync(10, rate => Limit(rate, 0));
        Assert.Null(capacity);
        Assert.True(steps[^1].Rate < 1);
    }

    [Theory]
    [InlineData(50, 10, 10)]   // 500 requests in the asked-for 10 s
    [InlineData(4, 10, 50)]    // 200 requests need 50 s at 4/s
    [InlineData(0.9, 8, 223)]  // never a "P99" of 8 requests again
    public void A_slow_step_is_long_enough_for_its_P99(double rate, double askedSeconds, double seconds)
    {
        var duration = CapacityMode.StepDuration(TimeSpan.FromSeconds(askedSeconds), rate);

        Assert.Equal(seconds, duration.TotalSeconds);
        Assert.True(rate * duration.TotalSeconds >= CapacityMode.MinRequestsPerStep);
    }
}
