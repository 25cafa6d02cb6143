using StackExchange.Redis;

namespace Sorcha.IntegrationTests.Redis;

public static class ClusterConnections
{
    /// <summary>A connection of the test's own to the platform's Redis Cluster (the services keep theirs); admin, for INFO.</summary>
    public static Task<ConnectionMultiplexer> ConnectAsync(this PlatformFixture platform)
    {
        var options = ConfigurationOptions.Parse(platform.Redis.ConnectionString);
        options.AllowAdmin = true;
        return ConnectionMultiplexer.ConnectAsync(options);
    }
}
