using Sorcha.AppHost.Hosting;

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

        var process = builder.AddResource(new RedisProcessResource(name, launch, choice.ConnectionString, options.DataDirectory))
            .WithArgs([.. launch.Args])
            .WithEndpoint(port: launch.Port, targetPort: launch.Port, scheme: "tcp", name: "tcp", isProxied: false)
            .WithPromptHealthCheck(ct => launch.ReadyFile is { } file
                ? Task.FromResult<string?>(File.Exists(file) ? null : $"{file} not written yet")
                : Probes.RespPingAsync(launch.Port, ct));
        foreach (var (key, value) in launch.Environment)
        {
            process.WithEnvironment(key, value);
        }

        return (process, choice);
    }
}
