namespace Sorcha.AppHost.Supervision;

/// <summary>
/// When the supervisor starts a crashed resource again: after <see cref="FirstDelay"/>, doubling with every crash in a
/// row up to <see cref="MaxDelay"/>. A run that lasted <see cref="StableAfter"/> ends the row, so a resource that
/// crashes once a day is always back within <see cref="FirstDelay"/>. After <see cref="MaxCrashesInARow"/> crashes in a
/// row it gives up: a process that cannot stay up (bad configuration, a port taken) would only fill the log.
/// Pure: the tests drive it without processes (docs/reliability.md, "Supervision").
/// </summary>
public sealed record RestartPolicy
{
    public static RestartPolicy Default { get; } = new();

    public TimeSpan FirstDelay { get; init; } = TimeSpan.FromSeconds(0.5);

    public TimeSpan MaxDelay { get; init; } = TimeSpan.FromSeconds(30);

    public TimeSpan StableAfter { get; init; } = TimeSpan.FromSeconds(60);

    public int MaxCrashesInARow { get; init; } = 10;

    /// <summary>
    /// Whether an exit is a failure to restart after: any but a clean exit (0). A clean exit follows SIGTERM — Aspire's
    /// stop command, the dashboard's Stop, an operator — and DCP may report it as Finished before the stop is recorded,
    /// so it is never restarted (as systemd's Restart=on-failure). A crash, a SIGKILL (-1) or the OOM killer is.
    /// </summary>
    public static bool IsFailure(int? exitCode) => exitCode != 0;

    /// <summary>The crash count after a crash that ended a run of <paramref name="uptime"/>.</summary>
    public int CrashesInARow(int before, TimeSpan uptime) => uptime >= StableAfter ? 1 : before + 1;

    /// <summary>How long to wait before the restart after the <paramref name="crashesInARow"/>th crash; null: give up.</summary>
    public TimeSpan? DelayAfter(int crashesInARow)
    {
        if (crashesInARow >= MaxCrashesInARow)
        {
            return null;
        }

        // Capped exponent: 2^30 half-seconds is far past any MaxDelay, and no overflow.
        var delay = FirstDelay * Math.Pow(2, Math.Min(Math.Max(crashesInARow - 1, 0), 30));
        return delay < MaxDelay ? delay : MaxDelay;
    }
}
