using System.Diagnostics;
using System.Runtime.InteropServices;

namespace Sorcha.Performance.Engine;

/// <summary>
/// Sleeps until a Stopwatch timestamp with tens of microseconds of error. .NET's timers and Thread.Sleep round to
/// whole milliseconds and fire on thread-pool threads that must first be woken, which made requests start up to
/// 5 ms late at P99; on Linux an absolute clock_nanosleep with the thread's timer slack at 1 ns wakes within ~0.1 ms.
/// Elsewhere it falls back to Thread.Sleep for all but the last 2 ms, then yields in a loop.
/// </summary>
internal static partial class PreciseWait
{
    private const int ClockMonotonic = 1;
    private const int TimerAbsolute = 1;
    private const int PrSetTimerSlack = 29;
    private const int PrioProcess = 0;

    /// <summary>
    /// Call once on the thread that will wait: Linux groups wake-ups within the timer slack (default 50 µs), and a
    /// thread at the default priority waits behind any other runnable work on a busy core when it wakes. Raising the
    /// priority needs root (CAP_SYS_NICE); without it the thread keeps its priority and the lag report shows the cost.
    /// </summary>
    public static void PrepareThread()
    {
        if (OperatingSystem.IsLinux())
        {
            _ = Prctl(PrSetTimerSlack, 1, 0, 0, 0);
            _ = SetPriority(PrioProcess, GetTid(), -10);
        }
    }

    public static void Until(long timestamp)
    {
        while (Stopwatch.GetTimestamp() is var now && now < timestamp)
        {
            var remaining = Stopwatch.GetElapsedTime(now, timestamp);
            if (OperatingSystem.IsLinux())
            {
                // An absolute deadline on CLOCK_MONOTONIC: an interrupted sleep (EINTR) resumes without drift.
                _ = ClockGetTime(ClockMonotonic, out var mono);
                var deadline = mono.Nanoseconds + (long)(remaining.TotalMilliseconds * 1_000_000);
                var spec = new TimeSpec { Seconds = deadline / 1_000_000_000, Nanos = deadline % 1_000_000_000 };
                _ = ClockNanosleep(ClockMonotonic, TimerAbsolute, in spec, IntPtr.Zero);
            }
            else if (remaining > TimeSpan.FromMilliseconds(2))
            {
                Thread.Sleep(remaining - TimeSpan.FromMilliseconds(2));
            }
            else
            {
                Thread.Yield();
            }
        }
    }

    [StructLayout(LayoutKind.Sequential)]
    private struct TimeSpec
    {
        public long Seconds;
        public long Nanos;

        public readonly long Nanoseconds => Seconds * 1_000_000_000 + Nanos;
    }

    [LibraryImport("libc", EntryPoint = "clock_gettime")]
    private static partial int ClockGetTime(int clock, out TimeSpec time);

    [LibraryImport("libc", EntryPoint = "clock_nanosleep")]
    private static partial int ClockNanosleep(int clock, int flags, in TimeSpec request, IntPtr remain);

    [LibraryImport("libc", EntryPoint = "gettid")]
    private static partial int GetTid();

    [LibraryImport("libc", EntryPoint = "setpriority")]
    private static partial int SetPriority(int which, int who, int priority);

    [LibraryImport("libc", EntryPoint = "prctl")]
    private static partial int Prctl(int option, ulong arg2, ulong arg3, ulong arg4, ulong arg5);
}
