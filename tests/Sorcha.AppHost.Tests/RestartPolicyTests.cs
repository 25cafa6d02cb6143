using Sorcha.AppHost.Supervision;

namespace Sorcha.AppHost.Tests;

/// <summary>The backoff and give-up rule of <see cref="RestartPolicy"/>, as docs/reliability.md ("Supervision") states it.</summary>
public sealed class RestartPolicyTests
{
    private static readonly RestartPolicy Policy = RestartPolicy.Default;

    [Fact]
    public void Delays_start_at_half_a_second_and_double_up_to_thirty_seconds()
    {
        var delays = Enumerable.Range(1, 9).Select(n => Policy.DelayAfter(n)!.Value.TotalSeconds);
        Assert.Equal([0.5, 1, 2, 4, 8, 16, 30, 30, 30], delays);
    }

    [Fact]
    public void The_tenth_crash_in_a_row_is_not_restarted()
    {
        Assert.NotNull(Policy.DelayAfter(9));
        Assert.Null(Policy.DelayAfter(10));
        Assert.Null(Policy.DelayAfter(int.MaxValue));
    }

    [Fact]
    public void A_crash_after_a_minute_up_starts_a_new_row_and_a_quicker_one_extends_it()
    {
        Assert.Equal(1, Policy.CrashesInARow(7, TimeSpan.FromSeconds(60)));
        Assert.Equal(1, Policy.CrashesInARow(0, TimeSpan.FromHours(5)));
        Assert.Equal(8, Policy.CrashesInARow(7, TimeSpan.FromSeconds(59.9)));
        Assert.Equal(1, Policy.CrashesInARow(0, TimeSpan.Zero));
    }

    [Fact]
    public void A_long_row_is_capped_without_overflow()
    {
        var patient = Policy with { MaxCrashesInARow = int.MaxValue };
        Assert.Equal(TimeSpan.FromSeconds(30), patient.DelayAfter(1_000_000));
        Assert.Equal(TimeSpan.FromSeconds(30), patient.DelayAfter(int.MaxValue - 1));
    }

    [Fact]
    public void Its_settings_move_the_schedule()
    {
        var quick = new RestartPolicy { FirstDelay = TimeSpan.FromMilliseconds(10), MaxDelay = TimeSpan.FromMilliseconds(25), MaxCrashesInARow = 3 };
        Assert.Equal(TimeSpan.FromMilliseconds(10), quick.DelayAfter(1));
        Assert.Equal(TimeSpan.FromMilliseconds(20), quick.DelayAfter(2));
        Assert.Null(quick.DelayAfter(3));
        Assert.Equal(TimeSpan.FromMilliseconds(25), (quick with { MaxCrashesInARow = 5 }).DelayAfter(4));
    }

    [Fact]
    public void A_clean_exit_is_a_stop_and_anything_else_a_failure()
    {
        Assert.False(RestartPolicy.IsFailure(0));
        Assert.True(RestartPolicy.IsFailure(-1)); // SIGKILL, as DCP reports it
        Assert.True(RestartPolicy.IsFailure(137));
        Assert.True(RestartPolicy.IsFailure(1));
        Assert.True(RestartPolicy.IsFailure(null)); // no exit code known: treat as a crash
    }
}
