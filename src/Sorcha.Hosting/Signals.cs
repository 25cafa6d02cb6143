using System.Runtime.InteropServices;

namespace Sorcha.Hosting;

/// <summary>SIGTERM, so that services drain and Redis flushes its AOF; .NET's Process.Kill only sends SIGKILL.</summary>
internal static partial class Signals
{
    private const int SigTerm = 15;

    public static bool Terminate(int pid) => !OperatingSystem.IsWindows() && Kill(pid, SigTerm) == 0;

    [LibraryImport("libc", EntryPoint = "kill", SetLastError = true)]
    private static partial int Kill(int pid, int signal);
}
