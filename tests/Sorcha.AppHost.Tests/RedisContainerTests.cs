using Aspire.Hosting;
using Aspire.Hosting.ApplicationModel;
using Sorcha.AppHost.Redis;

namespace Sorcha.AppHost.Tests;

/// <summary>
/// The Redis container's command as Aspire would start it (the app model only: no container runtime, no platform):
/// AOF on with the configured fsync policy in the data directory's bind mount.
/// </summary>
public sealed class RedisContainerTests
{
    [Theory]
    [InlineData("everysec")]
    [InlineData("always")]
    public async Task The_container_runs_redis_server_with_the_AOF_and_the_configured_fsync(string fsync)
    {
        var data = Directory.CreateTempSubdirectory("sorcha-redis-container-");
        try
        {
            var options = new SorchaAppOptions
            {
                DevClientSecret = "unused",
                WalletKeyEncryptionKey = "unused",
                RegisterKeyEncryptionKey = "unused",
                DataDirectory = data.FullName,
                RedisAppendFsync = fsync,
            };
            var builder = DistributedApplication.CreateBuilder();
            var redis = RedisResources.AddContainer(builder, "redis", options).Resource;

            // The argument callbacks in order, as Aspire evaluates them when it starts the container.
            var args = new List<object>();
            foreach (var callback in redis.Annotations.OfType<CommandLineArgsCallbackAnnotation>())
            {
                await callback.Callback(new CommandLineArgsCallbackContext(args, redis, CancellationToken.None));
            }

            var command = args.Cast<string>().ToArray();
            Assert.Equal("redis-server", command[0]);
            Assert.Equal("yes", After(command, "--appendonly"));
            Assert.Equal(fsync, After(command, "--appendfsync"));
            Assert.Equal("/data", After(command, "--dir"));
            Assert.DoesNotContain("--save", command); // WithPersistence's RDB-only setting is not there
            var mount = Assert.Single(redis.Annotations.OfType<ContainerMountAnnotation>());
            Assert.Equal(("/data", Path.Combine(data.FullName, "redis-container"), false),
                (mount.Target, mount.Source, mount.IsReadOnly));
        }
        finally
        {
            data.Delete(recursive: true);
        }
    }

    private static string After(string[] command, string flag) => command[Array.IndexOf(command, flag) + 1];
}
