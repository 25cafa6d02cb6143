using Sorcha.IntegrationTests.Infrastructure;
using Sorcha.Registers.Store;

namespace Sorcha.IntegrationTests.Redis;

/// <summary>Spread on a Redis Cluster: registers spread over every master (one register stays in one slot).</summary>
[Trait(Rerun.Trait, Rerun.Cluster)]
[Collection(PlatformScope.Name)]
public sealed class ClusterSpreadTests(PlatformFixture platform)
{
    [ClusterFact]
    public async Task Keys_of_different_registers_spread_over_all_three_masters()
    {
        // 30 registers: the chance that one of three masters gets none of them is 3 · (2/3)^30, under 1 in 50,000.
        var callers = Enumerable.Range(0, 3).Select(i => platform.Caller($"spread-{i}")).ToList();
        var registers = new List<string>();
        for (var i = 0; i < 30; i++)
        {
            registers.Add((await callers[i % 3].Registers.CreateAsync($"spread {i}")).Id);
        }

        await using var redis = await platform.ConnectAsync();
        var masters = redis.GetServers().Where(s => s.IsConnected && !s.IsReplica).ToList();
        Assert.Equal(3, masters.Count);
        var found = 0;
        foreach (var master in masters)
        {
            // What each master really holds, not where the client library would route.
            var held = new HashSet<string>();
            await foreach (var key in master.KeysAsync(pattern: "reg:{*}:meta", pageSize: 1000))
            {
                held.Add(key!);
            }

            var ours = registers.Count(id => held.Contains(RegisterKeys.Meta(id)!));
            Assert.True(ours > 0, $"master {master.EndPoint} holds none of the 30 registers");
            found += ours;
        }

        Assert.Equal(registers.Count, found);
    }
}
