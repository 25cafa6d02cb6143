using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Logging;
using Sorcha.AppHost.Redis;

namespace Sorcha.AppHost.Hosting;

/// <summary>
/// The AppHost's own lines: which Redis it chose and why, where the stored development secret is, and once every
/// resource is healthy, how long that took and the gateway's address (scripts read "gateway http://…" from here).
/// </summary>
internal sealed class StartupReport(IServiceProvider services, SorchaAppOptions options, RedisChoice redis, string? secretFile) : BackgroundService
{
    protected override async Task ExecuteAsync(CancellationToken stoppingToken)
    {
        var log = services.GetRequiredService<ILogger<StartupReport>>();
        log.LogInformation("environment {Environment}", options.Environment);
        log.LogInformation("Redis: {Provider} at {ConnectionString} ({Reason})", redis.Provider, redis.ConnectionString, redis.Reason);
        if (secretFile is not null)
        {
            log.LogInformation("dev-client-secret not given: using the one stored in {File}", secretFile);
        }

        var notifications = services.GetRequiredService<ResourceNotificationService>();
        var model = services.GetRequiredService<DistributedApplicationModel>();
        try
        {
            await Task.WhenAll(model.Resources.OfType<Services.SorchaProcessResource>()
                .Select(r => notifications.WaitForResourceHealthyAsync(r.Name, stoppingToken)));
        }
        catch (OperationCanceledException)
        {
            return;
        }

        // From the AppHost's own start: the DCP start, Redis and every WaitFor are all part of what a user waits for.
        var started = System.Diagnostics.Process.GetCurrentProcess().StartTime.ToUniversalTime();
        log.LogInformation("all healthy in {Seconds:F1} s", (DateTime.UtcNow - started).TotalSeconds);
        log.LogInformation("gateway http://localhost:{Port}  (GET /health)", options.GatewayPort);
    }
}
