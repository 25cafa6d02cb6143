using Sorcha.AppHost.Redis;
using Sorcha.Hosting;

namespace Sorcha.AppHost;

/// <summary>The Redis the run uses (Aspire.Hosting.Redis's RedisResource): whichever <see cref="RedisSelector"/> chose.</summary>
public sealed class RedisResource(string name, RedisChoice choice) : ExecutableResource(name, choice.Resource), IResourceWithConnectionString
{
    public RedisChoice Choice => choice;

    public string ConnectionString => choice.ConnectionString;
}

public static class RedisBuilderExtensions
{
    /// <summary>
    /// Aspire's builder.AddRedis(name), which runs a container; here architecture.md's order decides: an outside
    /// connection string, a container, a local redis-server, or Garnet.
    /// </summary>
    public static IResourceBuilder<RedisResource> AddRedis(this DistributedApplicationBuilder builder, string name, SorchaAppOptions options) =>
        builder.AddResource(new RedisResource(name, RedisSelector.Choose(options)));
}
