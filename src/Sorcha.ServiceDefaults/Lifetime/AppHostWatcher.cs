using System.Diagnostics;
using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.Hosting;

namespace Sorcha.ServiceDefaults.Lifetime;

/// <summary>
/// Stops this service when the AppHost that started it is gone (killed, crashed, test runner aborted), so no
/// orphan keeps a port or writes to Redis. The orchestrator passes its pid in SORCHA_APPHOST_PID.
/// </summary>
internal sealed class AppHostWatcher(IConfiguration configuration, IHostApplicationLifetime lifetime) : BackgroundService
{
    protected override async Task ExecuteAsync(CancellationToken stoppingToken)
    {
        if (!int.TryParse(configuration["SORCHA_APPHOST_PID"], out var pid))
        {
            return;
        }

        using var timer = new PeriodicTimer(TimeSpan.FromSeconds(1));
        while (await timer.WaitForNextTickAsync(stoppingToken))
        {
            if (!IsAlive(pid))
            {
                lifetime.StopApplication();
                return;
            }
        }
    }

    private static bool IsAlive(int pid)
    {
        try
        {
            using var process = Process.GetProcessById(pid);
            return !process.HasExited;
        }
        catch (ArgumentException)
        {
            return false;
        }
    }
}
