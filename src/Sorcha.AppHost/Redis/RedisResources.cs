using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Diagnostics.HealthChecks;

namespace Sorcha.AppHost.Redis;

public static class RedisResources
{
    /// <summary>
    /// The Redis <see cref="RedisSelector"/> chose, as a resource services reference: an outside connection string,
    /// Aspire's Redis container (AOF on, data in the data directory), or a process with AOF on and a health check
    /// (PING, or the cluster's ready file) that WaitFor waits on.
    /// </summary>
    public static (IResourceBuilder<IResourceWithConnectionString> Redis, RedisChoice Choice) AddRedis(
        IDistributedApplicationBuilder builder, SorchaAppOptions options)
    {
        var choice = RedisSelector.Choose(options);
        const string name = RedisSelector.ResourceName;
        if (choice.Provider == "external")
        {
            return (builder.AddConnectionString(name), choice);
        }

        if (choice.Launch is not { } launch)
        {
            var container = builder.AddRedis(name)
                .WithDataBindMount(RedisSelector.Dir(options, "redis-container"))
                .WithPersistence(TimeSpan.FromSeconds(1));
            return (container, choice);
        }

        var check = $"{name}-ready";
        builder.Services.AddHealthChecks().Add(new HealthCheckRegistration(check,
            _ => launch.ReadyFile is { } file ? new ReadyFileCheck(file) : new RespPingCheck(launch.Port),
            HealthStatus.Unhealthy, tags: null, timeout: TimeSpan.FromSeconds(3)));
        var process = builder.AddResource(new RedisProcessResource(name, launch, choice.ConnectionString, options.DataDirectory))
            .WithArgs([.. launch.Args])
            .WithEndpoint(port: launch.Port, targetPort: launch.Port, scheme: "tcp", name: "tcp", isProxied: false)
            .WithHealthCheck(check);
        foreach (var (key, value) in launch.Environment)
        {
            process.WithEnvironment(key, value);
        }

        return (process, choice);
    }

    private sealed class ReadyFileCheck(string file) : IHealthCheck
    {
        public Task<HealthCheckResult> CheckHealthAsync(HealthCheckContext context, CancellationToken cancellationToken = default) =>
            Task.FromResult(File.Exists(file) ? HealthCheckResult.Healthy() : HealthCheckResult.Unhealthy($"{file} not written yet"));
    }
}
