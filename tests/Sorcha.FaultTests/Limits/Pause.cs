using System.Diagnostics;

namespace Sorcha.FaultTests.Limits;

/// <summary>
/// SIGSTOP on a process until disposed (then SIGCONT): the process keeps its sockets open but answers nothing, which
/// is what a hung dependency looks like to its callers (a stopped one would refuse connections instead).
/// </summary>
public sealed class Pause : IDisposable
{
    private readonly int _pid;

    private Pause(int pid)
    {
        _pid = pid;
        Signal("-STOP");
    }

    public static Pause Of(Process process) => new(process.Id);

    public void Dispose() => Signal("-CONT");

    private void Signal(string signal)
    {
        using var kill = Process.Start("kill", [signal, _pid.ToString(System.Globalization.CultureInfo.InvariantCulture)]);
        kill.WaitForExit();
        Assert.Equal(0, kill.ExitCode);
    }
}
