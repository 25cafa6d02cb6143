using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Logging;
using StackExchange.Redis;

namespace Sorcha.ServiceDefaults.Redis;

/// <summary>
/// Connects to Redis while the host starts, before Kestrel listens (an app's hosted services start before the server):
/// the multiplexer is created on first use, and <see cref="ConnectionMultiplexer.Connect(ConfigurationOptions, TextWriter?)"/>
/// waits up to the configured ConnectTimeout for the first connection. A service that is (re)starting therefore refuses
/// connections until it can serve — the gateway answers a fast 502 or moves the request to another replica — instead
/// of a first request paying for the connect. Never fails start-up: with Redis down the multiplexer keeps re-dialling.
/// </summary>
internal sealed class RedisWarmUp(IServiceProvider services, ILogger<RedisWarmUp> logger) : IHostedService
{
    public Task StartAsync(CancellationToken cancellationToken)
    {
        if (!services.GetRequiredService<IConnectionMultiplexer>().IsConnected)
        {
            logger.LogWarning("Redis is not reachable at start-up; starting anyway, it reconnects by itself");
        }

        return Task.CompletedTask;
    }

    public Task StopAsync(CancellationToken cancellationToken) => Task.CompletedTask;
}
