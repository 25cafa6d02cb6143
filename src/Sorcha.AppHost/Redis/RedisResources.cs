using Sorcha.AppHost.Hosting;

namespace Sorcha.AppHost.Redis;

public static class RedisResources
{
    /// <summary>
    /// The Redis <see cref="RedisSelector"/> chose, as a resource services reference: an outside connection string,
    /// Aspire's Redis container (AOF on with Redis:AppendFsync, data in the data directory), or a process with AOF on
    /// and a health check (PING, or the cluster's ready file) that WaitFor waits on.
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
            return (AddContainer(builder, name, options), choice);
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

    /// <summary>
    /// Aspire's Redis container with the AOF on, as the local redis-server: the data directory's redis-container folder
    /// mounted at /data, <c>--appendonly yes --appendfsync</c> Redis:AppendFsync (RDB snapshots stay at Redis's defaults).
    /// </summary>
    internal static IResourceBuilder<RedisResource> AddContainer(IDistributedApplicationBuilder builder, string name, SorchaAppOptions options)
    {
        string[] aof = ["--dir", "/data", "--appendonly", "yes", "--appendfsync", options.RedisAppendFsync];
        // A plain bind mount, not WithDataBindMount: that adds WithPersistence, whose only effect is `--save` (RDB
        // snapshots) with the AOF left off. Aspire 13.6 gives the server's arguments one by one after `redis-server`
        // when it runs the container, and as one `-c "redis-server …"` shell command in a published manifest.
        return builder.AddRedis(name)
            .WithBindMount(RedisSelector.Dir(options, "redis-container"), "/data")
            .WithArgs(context =>
            {
                if (context.Args is ["-c", string command] && command.StartsWith("redis-server", StringComparison.Ordinal))
                {
                    context.Args[1] = $"{command} {string.Join(' ', aof)}";
                    return;
                }

                if (context.Args is not ["redis-server", ..])
                {
                    throw new InvalidOperationException($"Aspire's Redis container no longer starts with `redis-server` ({string.Join(' ', context.Args)}): its AOF arguments need a new place.");
                }

                foreach (var arg in aof)
                {
                    context.Args.Add(arg);
                }
            });
    }
}
