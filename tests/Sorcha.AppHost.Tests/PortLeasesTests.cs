using System.Diagnostics;
using Sorcha.AppHost.Hosting;

namespace Sorcha.AppHost.Tests;

/// <summary>The one allocator: a leased port is never handed out twice, in this process or another, until released.</summary>
public sealed class PortLeasesTests
{
    [Fact]
    public void Many_leases_at_once_are_all_different_and_below_the_ephemeral_range()
    {
        var ports = new System.Collections.Concurrent.ConcurrentBag<int>();
        Parallel.For(0, 200, _ => ports.Add(PortLeases.Lease()));
        try
        {
            Assert.Equal(200, ports.Distinct().Count());
            Assert.All(ports, p => Assert.InRange(p, 10_000, 32_767));
        }
        finally
        {
            foreach (var port in ports)
            {
                PortLeases.Release(port);
            }
        }
    }

    [Fact]
    public async Task A_port_leased_by_another_process_is_not_leased_here_until_that_process_exits()
    {
        var port = PortLeases.Lease();
        PortLeases.Release(port);
        // Another process holds the lock file of that port, as another platform's AppHost would.
        var file = Path.Combine(Path.GetTempPath(), "sorcha-ports", port.ToString(System.Globalization.CultureInfo.InvariantCulture));
        // -o: only flock itself holds the lock (its sleeping child does not), so killing it releases the port.
        using var holder = Process.Start(new ProcessStartInfo("flock", ["-x", "-o", file, "sleep", "30"]))!;
        try
        {
            await WaitUntilAsync(() => IsLocked(file));
            Assert.False(PortLeases.TryLeaseRange(port, 1, 0));
        }
        finally
        {
            holder.Kill(entireProcessTree: true);
            await holder.WaitForExitAsync();
        }

        Assert.True(PortLeases.TryLeaseRange(port, 1, 0));
        PortLeases.Release(port);
    }

    /// <summary>Whether another process holds the file's lock (flock -n fails at once then).</summary>
    private static bool IsLocked(string file)
    {
        using var probe = Process.Start(new ProcessStartInfo("flock", ["-n", file, "true"]))!;
        probe.WaitForExit();
        return probe.ExitCode != 0;
    }

    private static async Task WaitUntilAsync(Func<bool> condition)
    {
        for (var i = 0; i < 100 && !condition(); i++)
        {
            await Task.Delay(50);
        }
    }
}
