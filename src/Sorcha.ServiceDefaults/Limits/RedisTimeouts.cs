using Microsoft.Extensions.Configuration;
using StackExchange.Redis;

namespace Sorcha.ServiceDefaults.Limits;

public static class RedisTimeouts
{
    /// <summary>Connect, sync and response timeouts from Limits:Redis (a connection string's own values are overridden).</summary>
    public static ConfigurationOptions WithConfiguredTimeouts(this ConfigurationOptions options, IConfiguration configuration)
    {
        var redis = configuration.Limits().Redis;
        options.ConnectTimeout = redis.ConnectTimeoutMs;
        options.SyncTimeout = redis.SyncTimeoutMs;
        options.ResponseTimeout = redis.ResponseTimeoutMs;
        return options;
    }
}
