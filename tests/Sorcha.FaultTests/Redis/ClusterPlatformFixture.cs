using StackExchange.Redis;

namespace Sorcha.FaultTests.Redis;

/// <summary>The platform on a Redis Cluster on loopback (3 masters + 3 replicas, src/Sorcha.AppHost/Redis/redis-cluster.sh), whatever SORCHA_TEST_REDIS_PROVIDER says.</summary>
public sealed class ClusterPlatformFixture : PlatformFixture
{
    protected override string? RedisProvider => "cluster";

    /// <summary>A connection of the test's own to the cluster (the services keep theirs); admin, for INFO.</summary>
    public Task<ConnectionMultiplexer> ConnectAsync()
    {
        var options = ConfigurationOptions.Parse(Redis.ConnectionString);
        options.AllowAdmin = true;
        return ConnectionMultiplexer.ConnectAsync(options);
    }
}

[CollectionDefinition(Name)]
public sealed class ClusterScope : ICollectionFixture<ClusterPlatformFixture>
{
    public const string Name = "redis-cluster";
}
