using Sorcha.AppHost.Redis;

namespace Sorcha.AppHost.Tests;

/// <summary>The cluster's launcher is the AppHost's own file (nothing in src/ runs a file from scripts/), and it exists.</summary>
public sealed class RedisClusterLaunchTests
{
    [Fact]
    public void The_cluster_runs_the_AppHosts_own_launcher_with_the_fsync_policy()
    {
        var data = Directory.CreateTempSubdirectory("sorcha-redis-cluster-");
        try
        {
            var options = new SorchaAppOptions
            {
                DevClientSecret = "unused",
                WalletKeyEncryptionKey = "unused",
                RegisterKeyEncryptionKey = "unused",
                DataDirectory = data.FullName,
                RedisProvider = "cluster",
                RedisAppendFsync = "always",
            };

            var launch = RedisSelector.Choose(options).Launch!;

            var script = launch.Args[0];
            Assert.True(File.Exists(script), $"{script} does not exist");
            Assert.Equal(Path.Combine(options.RepositoryRoot, "src", "Sorcha.AppHost", "Redis"), Path.GetDirectoryName(script));
            Assert.Equal("always", launch.Environment["REDIS_APPENDFSYNC"]);
        }
        finally
        {
            data.Delete(recursive: true);
        }
    }
}
