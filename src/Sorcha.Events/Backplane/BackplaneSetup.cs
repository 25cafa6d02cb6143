using Microsoft.AspNetCore.SignalR;
using Microsoft.AspNetCore.SignalR.StackExchangeRedis;
using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Options;
using Sorcha.ApiPlatform.Limits;
using Sorcha.ServiceDefaults.Redis;
using StackExchange.Redis;

namespace Sorcha.Events.Backplane;

/// <summary>
/// The backplane on the platform's Redis (ConnectionStrings:redis, a single server or a cluster alike), with a
/// connection of its own: RedisHubLifetimeManager disposes the multiplexer its ConnectionFactory returns, and
/// unsubscribes all of its channels, when the host stops, so handing it the process's shared one would close that
/// under the services still stopping. Same time limits and re-dial policy as the shared one (Limits:Redis); a
/// publish made while it is disconnected waits up to Limits:Redis:AsyncTimeoutMs, then is logged and dropped; SE.Redis
/// re-subscribes every channel (every group a connection joined) when it does. Publishes are routed by channel
/// (<see cref="KeyRoutedPublishes"/>), so a register's events keep their order on a Redis Cluster too.
/// </summary>
internal static class BackplaneSetup
{
    public static void AddBackplane(this ISignalRServerBuilder signalR, IConfiguration configuration)
    {
        if (string.IsNullOrWhiteSpace(configuration.GetConnectionString(RedisSetup.ConnectionName)))
        {
            return; // no Redis (a process without one): SignalR's in-memory lifetime manager, one process only
        }

        signalR.AddStackExchangeRedis();
        signalR.Services.AddOptions<RedisOptions>().Configure<IOptions<LimitsOptions>>((o, limits) =>
        {
            o.Configuration = RedisSetup.Apply(ConfigurationOptions.Parse(configuration.GetConnectionString(RedisSetup.ConnectionName)!),
                limits.Value.Redis);
            // Unlike a request's command, a publish waits for nobody (LiveEvents' callers do not await it): one made while
            // this connection re-dials, a second or two after Redis is back, waits (up to AsyncTimeout) and goes out,
            // instead of failing at once and losing the event of a commit that Redis already took.
            o.Configuration.BacklogPolicy = BacklogPolicy.Default;
            o.ConnectionFactory = async log => KeyRoutedPublishes.Wrap(await ConnectionMultiplexer.ConnectAsync(o.Configuration, log));
        });
        // The closed type wins over AddStackExchangeRedis's open generic registration.
        signalR.Services.AddSingleton<HubLifetimeManager<EventsHub>, EventsLifetimeManager>();
        signalR.Services.AddHostedService<BackplaneWarmUp>();
    }

    /// <summary>Creates the backplane at start (it connects and subscribes in its constructor), not at the first event.</summary>
    private sealed class BackplaneWarmUp(IServiceProvider services) : IHostedService
    {
        public Task StartAsync(CancellationToken cancellationToken)
        {
            services.GetRequiredService<HubLifetimeManager<EventsHub>>();
            return Task.CompletedTask;
        }

        public Task StopAsync(CancellationToken cancellationToken) => Task.CompletedTask;
    }
}
