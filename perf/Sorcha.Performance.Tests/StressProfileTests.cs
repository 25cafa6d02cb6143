using Sorcha.Performance.Engine;
using Sorcha.Performance.Scenarios;

namespace Sorcha.Performance.Tests;

public class StressProfileTests
{
    private static readonly LoadPlan Plan = new(TimeSpan.FromSeconds(20), TimeSpan.FromSeconds(40), 4);

    [Theory]
    [InlineData(10, 1)]   // warm-up: the base rate
    [InlineData(20, 1)]   // the measured window starts at 1×
    [InlineData(25, 1.5)] // halfway up the first quarter
    [InlineData(30, 2)]   // held at 2× for the middle half
    [InlineData(49, 2)]
    [InlineData(55, 1.5)] // halfway down the last quarter
    [InlineData(60, 1)]
    public void The_ramp_fits_the_plan_it_is_told(double seconds, double factor) =>
        Assert.Equal(factor, StressTest.Factor(TimeSpan.FromSeconds(seconds), Plan), 6);

    [Fact]
    public void The_scenario_scales_its_base_rate_by_the_profile_of_the_plan_being_run()
    {
        var stress = new StressTest(null!);
        Assert.Equal(100, stress.RateAt(TimeSpan.FromSeconds(35), 50, Plan), 6);
        Assert.Equal(50, stress.RateAt(TimeSpan.FromSeconds(35), 50, new LoadPlan(TimeSpan.FromSeconds(60), TimeSpan.FromSeconds(30), 1)), 6);
    }
}
