using System.Globalization;
using StackExchange.Redis;
using Xunit.Abstractions;

namespace Sorcha.FaultTests.Reliability;

/// <summary>Redis reaches maxmemory under noeviction (its default policy) under load: it refuses writes (OOM).</summary>
[Collection(FaultScope.Name)]
public sealed class MaxMemoryTests(FaultPlatformFixture platform, ITestOutputHelper output)
{
    [SkippableFact]
    public Task Redis_at_maxmemory_refuses_writes_with_503_keeps_reads_and_loses_nothing_and_writes_resume_when_raised() => platform.ExplainFailureAsync(async () =>
    {
        Skip.If(platform.Redis.Provider != "redis-server", $"maxmemory is redis-server's setting; this run uses {platform.Redis.Provider}");
        await using var redis = await ConnectionMultiplexer.ConnectAsync(platform.Redis.ConnectionString + ",allowAdmin=true");
        var server = redis.GetServers()[0];
        try
        {
            await WritesRefused.AssertAsync(platform, "max-memory", async () =>
            {
                var used = (await server.InfoAsync("memory")).SelectMany(g => g).First(p => p.Key == "used_memory").Value;
                // Half a megabyte above what is used now: the load reaches it within seconds.
                var limit = long.Parse(used, CultureInfo.InvariantCulture) + (512 << 10);
                await server.ConfigSetAsync("maxmemory-policy", "noeviction");
                await server.ConfigSetAsync("maxmemory", limit.ToString(CultureInfo.InvariantCulture));
            }, () => server.ConfigSetAsync("maxmemory", "0"), output,
                // At its edge used_memory moves both ways (buffers, the load's own refusals): held below it from here.
                hold: () => server.ConfigSetAsync("maxmemory", "1"));
        }
        finally
        {
            await server.ConfigSetAsync("maxmemory", "0");
        }
    });
}
