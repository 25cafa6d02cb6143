using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Logging;
using StackExchange.Redis;

namespace Sorcha.ServiceDefaults.Resilience;

/// <summary>
/// Connects to Redis while the host starts, before Kestrel listens (an app's hosted services start before the server).
/// A service that is (re)starting therefore refuses connections until it can serve — the gateway answers a fast 502 or
/// moves the request to another replica — instead of accepting requests that then wait for the first Redis connect.
/// Never fails start-up: with Redis down the multiplexer keeps reconnecting on its own, and /health says so.
/// </summary>
internal sealed class RedisWarmUp(IServiceProvider services, ILogger<RedisWarmUp> logger) : IHostedService
{
    private static readonly TimeSpan PingBound = TimeSpan.FromSeconds(5);

    public async Task StartAsync(CancellationToken cancellationToken)
    {
        var redis = services.GetRequiredService<IConnectionMultiplexer>();
        try
        {
            await redis.GetDatabase().PingAsync().WaitAsync(PingBound, cancellationToken);
        }
        catch (Exception e) when (e is RedisException or TimeoutException)
        {
            logger.LogWarning("Redis did not answer PING at start-up ({Error}); starting anyway, it reconnects by itself", e.Message);
        }
    }

    public Task StopAsync(CancellationToken cancellationToken) => Task.CompletedTask;
}
