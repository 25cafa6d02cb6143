using System.Runtime.InteropServices;

namespace Sorcha.Benchmarks;

/// <summary>
/// CPU time of the calling thread (Linux CLOCK_THREAD_CPUTIME_ID). The machine is shared, so wall-clock means are
/// inflated by whatever else runs; CPU time per operation is not (much), which makes it the figure to compare runs by.
/// </summary>
internal static partial class ThreadCpu
{
    private const int ClockThreadCpuTimeId = 3;

    public static bool IsSupported => OperatingSystem.IsLinux();

    public static long Nanoseconds()
    {
        if (ClockGetTime(ClockThreadCpuTimeId, out var time) != 0)
        {
            throw new InvalidOperationException("clock_gettime(CLOCK_THREAD_CPUTIME_ID) failed");
        }

        return (time.Seconds * 1_000_000_000) + time.Nanoseconds;
    }

    /// <summary>Best of <paramref name="rounds"/> rounds of <paramref name="count"/> calls, in µs of thread CPU per call.</summary>
    public static double MicrosecondsPerCall(Action operation, int count, int rounds = 5)
    {
        var best = double.MaxValue;
        for (var round = 0; round < rounds; round++)
        {
            for (var i = 0; i < Math.Max(1, count / 10); i++)
            {
                operation();
            }

            var start = Nanoseconds();
            for (var i = 0; i < count; i++)
            {
                operation();
            }

            best = Math.Min(best, (Nanoseconds() - start) / 1000.0 / count);
        }

        return best;
    }

    [StructLayout(LayoutKind.Sequential)]
    private struct TimeSpec
    {
        public long Seconds;
        public long Nanoseconds;
    }

    [LibraryImport("libc", EntryPoint = "clock_gettime")]
    private static partial int ClockGetTime(int clock, out TimeSpec time);
}
