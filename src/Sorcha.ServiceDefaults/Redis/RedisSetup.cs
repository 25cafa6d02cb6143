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

        builder.Services.AddSingleton<IConnectionMultiplexer>(_ =>
        {
            var options = ConfigurationOptions.Parse(connectionString);
            options.AbortOnConnectFail = false;
            options.WithConfiguredTimeouts(builder.Configuration);
            return ConnectionMultiplexer.Connect(options);
        });
        builder.Services.AddHostedService<Resilience.RedisWarmUp>();
    }
}
