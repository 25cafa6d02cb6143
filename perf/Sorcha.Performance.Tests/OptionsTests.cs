using Sorcha.Performance.Engine;

namespace Sorcha.Performance.Tests;

public class OptionsTests
{
    [Fact]
    public void Options_parse_flags_values_and_rate_overrides()
    {
        var o = RunOptions.Parse(["--smoke", "--rate", "wallet_sign=60,health_check=5", "--rate", "register_read=1.5",
            "--compare", "b.json", "--update-baseline", "--secret", "s3cret", "--target", "http://h:1"]);
        Assert.True(o.Smoke);
        Assert.Equal(RunOptions.SmokePlan, o.Plan);
        Assert.Equal(60, o.RateOf("wallet_sign", 30));
        Assert.Equal(1.5, o.RateOf("register_read", 25));
        Assert.Equal(50 * RunOptions.SmokeRateScale, o.RateOf("execution_helpers", 50));
        Assert.Equal(RunOptions.SmokeMinRate, o.RateOf("wallet_read", 25));
        Assert.Equal(2, o.RateOf("slow", 2));
        Assert.Equal(RunOptions.DefaultBaseline, o.UpdateBaseline);
        Assert.Equal("b.json", o.Compare);
        Assert.Equal("s3cret", o.Secret());
        Assert.DoesNotContain("s3cret", o.Command, StringComparison.Ordinal);
    }

    [Fact]
    public void Explicit_durations_override_the_smoke_plan_and_the_rate_scale_applies_to_defaults_only()
    {
        var o = RunOptions.Parse(["--smoke", "--duration", "20", "--windows", "2", "--rate-scale", "2", "--rate", "a=3"]);
        Assert.Equal(new LoadPlan(RunOptions.SmokePlan.WarmUp, TimeSpan.FromSeconds(20), 2), o.Plan);
        Assert.Equal(50, o.RateOf("b", 25));
        Assert.Equal(3, o.RateOf("a", 25));
    }

    [Theory]
    [InlineData("--bogus", "1")]
    [InlineData("--duration")]
    [InlineData("--rate", "wallet_sign")]
    [InlineData("smoke")]
    [InlineData("--smoke", "--accept-slower")] // only --update-baseline writes anything to accept
    public void Bad_command_lines_are_refused(params string[] args) =>
        Assert.ThrowsAny<ArgumentException>(() => RunOptions.Parse(args));

    [Fact]
    public void Accept_slower_goes_with_update_baseline()
    {
        Assert.True(RunOptions.Parse(["--smoke", "--update-baseline", "--accept-slower"]).AcceptSlower);
        Assert.False(RunOptions.Parse(["--smoke", "--update-baseline"]).AcceptSlower);
    }

    [Fact]
    public void Compare_only_writes_beside_the_results_it_reads()
    {
        var o = RunOptions.Parse(["--compare-only", "/tmp/run7/results.json", "--compare", "b.json"]);
        Assert.Equal("/tmp/run7", o.OutDir);
    }
}
