extern alias BlueprintService;
extern alias WalletService;

using System.Net;
using System.Net.Http.Json;
using System.Text.RegularExpressions;
using BlueprintService::Sorcha.Blueprint.Service.Attachments;
using BlueprintService::Sorcha.Blueprint.Service.Blueprints;
using BlueprintService::Sorcha.Blueprint.Service.Instances;
using BlueprintService::Sorcha.Blueprint.Service.Templates;
using Sorcha.IntegrationTests.Blueprints;
using Sorcha.IntegrationTests.Infrastructure;
using Sorcha.IntegrationTests.Registers;
using Sorcha.Registers.Store;
using StackExchange.Redis;
using WalletService::Sorcha.Wallet.Service.Access;
using WalletService::Sorcha.Wallet.Service.Storage;

namespace Sorcha.IntegrationTests.Redis;

/// <summary>
/// One home per key family: after a full workflow, every key in Redis belongs to a catalogue (WalletRedisKeys, AccessKeys, BlueprintKeys,
/// InstanceKeys, RegisterKeys), and every group of keys one script or transaction touches shares a cluster slot.
/// </summary>
[Trait(Rerun.Trait, Rerun.Cluster)]
[Collection(PlatformScope.Name)]
public sealed class KeyCatalogueTests(PlatformFixture platform)
{
    private static readonly Regex[] Catalogue = [.. new[] { WalletRedisKeys.Patterns, AccessKeys.Patterns, BlueprintKeys.Patterns,
        InstanceKeys.Patterns, TemplateKeys.Patterns, AttachmentKeys.Patterns, RegisterKeys.Patterns }.SelectMany(p => p).Select(p => new Regex(p, RegexOptions.CultureInvariant))];

    [Fact]
    public async Task Every_key_of_a_full_workflow_matches_a_catalogue_and_each_key_group_shares_a_slot()
    {
        using var caller = await platform.ClientAsync("key-catalogue");
        var wallet = await InstanceFlows.WalletAsync(caller);
        using (var granted = await caller.PutAsJsonAsync($"/api/wallets/{wallet}/access/key-catalogue-delegate",
            new { rights = "sign", expiresAt = DateTimeOffset.UtcNow.AddDays(1) }))
        {
            Assert.Equal(HttpStatusCode.Created, granted.StatusCode);
        }

        var derived = await Json.PostAsync<Sorcha.Contracts.Wallets.WalletDto>(caller, $"/api/wallets/{wallet}/addresses", null, HttpStatusCode.Created);
        var blueprint = await BlueprintFlows.PublishedAsync(caller, "expense-approval");
        var register = await InstanceFlows.RegisterAsync(caller);
        var instance = await InstanceFlows.InstanceAsync(caller, blueprint, register,
            new Dictionary<string, string> { ["employee"] = wallet, ["manager"] = wallet, ["finance"] = wallet });
        await Json.PostAsync(caller, $"/api/instances/{instance}/actions/submit",
            new { sender = wallet, data = InstanceFlows.Claim }, HttpStatusCode.Created);
        await Json.PostAsync(caller, $"/api/instances/{instance}/actions/approve",
            new { sender = wallet, data = new { decision = "rejected", comment = "key catalogue" } }, HttpStatusCode.Created);
        await RegisterFlows.WaitUntilSealedAsync(caller, register, 2);

        var keys = await AllKeysAsync(platform.Redis.ConnectionString);

        var strays = keys.Where(k => !Catalogue.Any(p => p.IsMatch(k))).Order().ToList();
        Assert.True(strays.Count == 0, "Keys outside every catalogue: " + string.Join(", ", strays));
        Assert.Contains((string)WalletRedisKeys.Wallet(wallet)!, keys);
        Assert.Contains((string)WalletRedisKeys.Wallet(derived.Address)!, keys);
        Assert.Contains((string)WalletRedisKeys.Accounts(wallet)!, keys);
        Assert.Contains((string)BlueprintKeys.Blueprint(blueprint)!, keys);
        Assert.Contains((string)BlueprintKeys.Version(blueprint, 1)!, keys);
        Assert.Contains((string)InstanceKeys.Steps(instance)!, keys);
        Assert.Contains((string)InstanceKeys.List(InstanceKeys.Wallet(wallet), "completed", null)!, keys);
        Assert.Contains((string)RegisterKeys.Dockets(register)!, keys);
        Assert.Contains((string)RegisterKeys.ByWallet(register, wallet)!, keys);
        Assert.Contains((string)RegisterKeys.ByInstance(register, instance)!, keys);
        Assert.Contains((string)RegisterKeys.Types(register)!, keys);
        Assert.Contains((string)AccessKeys.Grants(wallet)!, keys);
        Assert.Contains((string)AccessKeys.Expiries(wallet)!, keys);
        Assert.Contains((string)AccessKeys.Delegated("key-catalogue-delegate")!, keys);
        // The quota counts of the caller (the open-instance set is gone: the instance completed, freeing its slot).
        Assert.Contains((string)WalletRedisKeys.Owner("key-catalogue")!, keys);
        Assert.Contains((string)RegisterKeys.Owned("key-catalogue")!, keys);
        Assert.Contains((string)BlueprintKeys.Owned("key-catalogue")!, keys);
        Assert.DoesNotContain((string)InstanceKeys.OpenOf("key-catalogue")!, keys);

        // Every register and instance in Redis, not only ours: the groups come from the catalogues, the ids from the scan.
        // A register's group: its fixed keys and every key of it in Redis (its index keys are named by their values).
        var groups = keys.Select(k => (Key: k, Match: Regex.Match(k, @"^reg:\{([0-9a-f]{32})\}"))).Where(x => x.Match.Success)
            .GroupBy(x => x.Match.Groups[1].Value)
            .Select(g => (IReadOnlyList<RedisKey>)[.. RegisterKeys.OfRegister(g.Key), .. g.Select(x => (RedisKey)x.Key)])
            .Append(keys.Where(k => k.StartsWith("{work}:", StringComparison.Ordinal)).Select(k => (RedisKey)k).ToList())
            .Append([BlueprintKeys.Index, BlueprintKeys.Sequence])
            .Append([.. BlueprintKeys.OfOwner("key-catalogue"), BlueprintKeys.OwnedPublishes("key-catalogue")])
            .Append([AccessKeys.Grants(wallet), AccessKeys.Expiries(wallet), WalletRedisKeys.Wallet(wallet)])
            .Append([BlueprintKeys.Blueprint(blueprint), BlueprintKeys.Version(blueprint, 1), BlueprintKeys.Versions(blueprint)])
            .Append([TemplateKeys.Template("key-catalogue", new string('0', 32)), TemplateKeys.Index("key-catalogue"),
                TemplateKeys.Sequence("key-catalogue")])
            .ToList();
        Assert.All(groups, group => Assert.Single(group.Select(k => ClusterSlot.Of(k!)).Distinct()));
    }

    /// <summary>SCAN on every master (one server when Redis is not a cluster).</summary>
    private static async Task<HashSet<string>> AllKeysAsync(string connectionString)
    {
        await using var redis = await ConnectionMultiplexer.ConnectAsync(connectionString);
        var keys = new HashSet<string>(StringComparer.Ordinal);
        foreach (var server in redis.GetServers().Where(s => !s.IsReplica))
        {
            await foreach (var key in server.KeysAsync(pageSize: 1000))
            {
                keys.Add(key!);
            }
        }

        return keys;
    }
}
