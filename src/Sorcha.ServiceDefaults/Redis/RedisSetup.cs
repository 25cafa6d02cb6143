using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Options;
using Sorcha.ServiceDefaults.Telemetry;
using StackExchange.Redis;

namespace Sorcha.ServiceDefaults.Redis;

public static class RedisSetup
{
    /// <summary>The connection-string name the AppHost (or an operator) provides: ConnectionStrings:redis.</summary>
    public const string ConnectionName = "redis";

    /// <summary>
    /// One shared multiplexer per process through Aspire's client integration (AddRedisClient: the connection string
    /// the AppHost's WithReference gives, Redis spans in traces); it reconnects by itself, so start-up never fails on
    /// Redis. Its health check is left out: /health's "redis" is <see cref="Health.RedisHealthCheck"/>, which answers
    /// within Limits:Redis like every other call. The connection string is read here, raw: Aspire's integration reads
    /// it itself, and without one no client is registered at all.
    /// </summary>
    internal static void AddSorchaRedis(this IHostApplicationBuilder builder)
    {
        if (string.IsNullOrWhiteSpace(builder.Configuration.GetConnectionString(ConnectionName)))
        {
            return;
        }

        // Redis spans only when traces are recorded: the instrumentation profiles every command even when the sampler
        // drops every trace, which cost a fifth of the Wallet service's reads (docs/performance.md, "The Aspire AppHost").
        var tracing = TelemetrySetup.Tracing(builder.Configuration);
        builder.AddRedisClient(ConnectionName, settings =>
        {
            settings.DisableHealthChecks = true;
            settings.DisableTracing = !tracing;
        });
        // Aspire builds the multiplexer's ConfigurationOptions as options, from the connection string; this runs after,
        // so Limits:Redis overrides the string's own time limits.
        builder.Services.AddOptions<RedisTimeoutOptions>().Bind(builder.Configuration.GetSection(RedisTimeoutOptions.Section));
        builder.Services.AddOptions<ConfigurationOptions>()
            .Configure<IOptions<RedisTimeoutOptions>>((options, limits) => Apply(options, limits.Value));
        builder.Services.AddHostedService<RedisWarmUp>();
    }

    /// <summary>
    /// The library's own time limits from Limits:Redis (they override the connection string's), set so that a Redis
    /// outage is fast errors (→ 503) and never a wait (docs/reliability.md, "Redis faults").
    /// </summary>
    public static ConfigurationOptions Apply(ConfigurationOptions options, RedisTimeoutOptions limits)
    {
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
