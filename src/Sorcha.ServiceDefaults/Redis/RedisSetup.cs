using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using Sorcha.ServiceDefaults.Limits;
using StackExchange.Redis;

namespace Sorcha.ServiceDefaults.Redis;

public static class RedisSetup
{
    /// <summary>The connection-string name the AppHost (or an operator) provides: ConnectionStrings:redis.</summary>
    public const string ConnectionName = "redis";

    /// <summary>One shared multiplexer per process; it reconnects by itself, so start-up never fails on Redis.</summary>
    internal static void AddSorchaRedis(this IHostApplicationBuilder builder)
    {
        var connectionString = builder.Configuration.GetConnectionString(ConnectionName);
        if (string.IsNullOrWhiteSpace(connectionString))
        {
            return;
        }

        builder.Services.AddSingleton<IConnectionMultiplexer>(services =>
            ConnectionMultiplexer.Connect(Options(connectionString, services.Limits().Redis)));
        builder.Services.AddHostedService<RedisWarmUp>();
    }

    /// <summary>
    /// The connection string's options with the library's own time limits from Limits:Redis (they override the
    /// string's), set so that a Redis outage is fast errors (→ 503) and never a wait (docs/reliability.md, "Redis faults").
    /// </summary>
    internal static ConfigurationOptions Options(string connectionString, RedisTimeoutOptions limits)
    {
        var options = ConfigurationOptions.Parse(connectionString);
        options.ConnectTimeout = limits.ConnectTimeoutMs;
        options.AsyncTimeout = limits.AsyncTimeoutMs;

        // Start and keep running with Redis down: the multiplexer keeps re-dialling, and /health says so.
        options.AbortOnConnectFail = false;

        // The default (Default) queues commands while disconnected until AsyncTimeout, so an outage would hold every
        // request for seconds and then answer late. FailFast refuses at once and fails what was in flight.
        options.BacklogPolicy = BacklogPolicy.FailFast;

        // Re-dial on every heartbeat (1 s) at first, backing off to at most 2 s: a Redis the AppHost restarted (about
        // 0.7 s after a crash) is used again within about a second, inside the 5 s recovery bound of
        // docs/reliability.md, "Supervision". The default, ExponentialRetry(ConnectTimeout / 2), waits 2.5–10 s.
        options.ReconnectRetryPolicy = new ExponentialRetry(500, 2_000);
        return options;
    }
}
