extern alias blueprint;

using System.Net;
using System.Net.Http.Json;
using System.Text.Json;
using System.Text.Json.Nodes;
using Sorcha.Contracts.Blueprints;
using Sorcha.Contracts.Instances;
using Sorcha.Testing.Blueprints;
using StackExchange.Redis;
using BlueprintKeys = blueprint::Sorcha.Blueprint.Service.Blueprints.BlueprintKeys;
using InstanceKeys = blueprint::Sorcha.Blueprint.Service.Instances.InstanceKeys;

namespace Sorcha.Blueprint.Service.Tests;

/// <summary>The Blueprint service and those it calls with low blueprint, byte, version, template and instance quotas, on a Redis of their own.</summary>
public sealed class QuotaBlueprintServices : BlueprintServices
{
    public const int Blueprints = 3;

    /// <summary>Three expense-approval samples (about 3.2 KB of JSON each as stored) fit; a padded one and two plain ones do not.</summary>
    public const int BlueprintBytes = 12_000;

    public const int OpenInstances = 2;

    public const int Instances = 3;

    public const int Templates = 2;

    public const int BlueprintVersions = 2;

    protected override IReadOnlyDictionary<string, string> Settings { get; } = new Dictionary<string, string>
    {
        ["Limits:Quotas:Blueprints"] = $"{Blueprints}",
        ["Limits:Quotas:BlueprintBytes"] = $"{BlueprintBytes}",
        ["Limits:Quotas:OpenInstances"] = $"{OpenInstances}",
        ["Limits:Quotas:Instances"] = $"{Instances}",
        ["Limits:Quotas:Templates"] = $"{Templates}",
        ["Limits:Quotas:BlueprintVersions"] = $"{BlueprintVersions}",
    };
}

/// <summary>
/// Limits:Quotas:Blueprints, BlueprintBytes and OpenInstances: however many creations arrive at once, exactly the
/// limit succeed and the store holds exactly those; a refused one leaves nothing; deleting a draft, shrinking it or
/// completing an instance frees room; another caller is not affected.
/// </summary>
public sealed partial class BlueprintQuotaTests(QuotaBlueprintServices services) : IClassFixture<QuotaBlueprintServices>
{
    private const int Limit = QuotaBlueprintServices.Blueprints;
    private const int OpenLimit = QuotaBlueprintServices.OpenInstances;

    [Fact]
    public async Task Twice_the_blueprint_quota_at_once_creates_exactly_the_quota_and_refuses_the_rest_naming_it()
    {
        using var greedy = await services.ClientAsync("bp-quota-greedy");
        var answers = await Task.WhenAll(Enumerable.Range(0, 2 * Limit)
            .Select(_ => greedy.PostAsJsonAsync("/api/blueprints", BlueprintFlows.Sample("expense-approval"))));

        var ids = new SortedSet<string>(StringComparer.Ordinal);
        foreach (var answer in await QuotaAssert.CreatedOrRefusedAsync(answers, "blueprints", Limit))
        {
            using (answer)
            {
                ids.Add((await Json.ReadAsync<BlueprintDto>(answer)).Id!);
            }
        }

        Assert.Equal(Limit, ids.Count);
        var account = await AccountAsync("bp-quota-greedy");
        Assert.Equal(ids, account.Stored);
        Assert.Equal(ids, account.Charged);

        using var other = await services.ClientAsync("bp-quota-other");
        await BlueprintFlows.CreateAsync(other, BlueprintFlows.Sample("expense-approval"));
    }

    [Fact]
    public async Task Deleting_a_draft_frees_its_slot_for_one_more()
    {
        using var caller = await services.ClientAsync("bp-quota-delete");
        var first = (await BlueprintFlows.CreateAsync(caller, BlueprintFlows.Sample("expense-approval"))).Id!;
        for (var i = 1; i < Limit; i++)
        {
            await BlueprintFlows.CreateAsync(caller, BlueprintFlows.Sample("expense-approval"));
        }

        await QuotaAssert.RefusedAsync(await caller.PostAsJsonAsync("/api/blueprints", BlueprintFlows.Sample("expense-approval")),
            "blueprints", Limit);
        await Json.SendAsync<JsonElement>(caller, HttpMethod.Delete, $"/api/blueprints/{first}", null, HttpStatusCode.NoContent);
        var again = (await BlueprintFlows.CreateAsync(caller, BlueprintFlows.Sample("expense-approval"))).Id!;

        var account = await AccountAsync("bp-quota-delete");
        Assert.DoesNotContain(first, account.Charged);
        Assert.Contains(again, account.Charged);
        Assert.Equal(account.Stored, account.Charged);
    }

    [Fact]
    public async Task The_byte_quota_charges_each_draft_its_stored_size_through_edits()
    {
        using var caller = await services.ClientAsync("bp-quota-bytes");
        var padded = (await BlueprintFlows.CreateAsync(caller, Padded("expense-approval"))).Id!;
        var plain = (await BlueprintFlows.CreateAsync(caller, BlueprintFlows.Sample("expense-approval"))).Id!;

        // A third would pass the byte quota (the count quota would let it in), and so would growing a draft.
        await QuotaAssert.RefusedAsync(await caller.PostAsJsonAsync("/api/blueprints", BlueprintFlows.Sample("expense-approval")),
            "blueprintBytes", QuotaBlueprintServices.BlueprintBytes);
        await QuotaAssert.RefusedAsync(await caller.PutAsJsonAsync($"/api/blueprints/{plain}", Padded("loan-application")),
            "blueprintBytes", QuotaBlueprintServices.BlueprintBytes);
        Assert.Equal(1, (await Json.GetAsync<BlueprintDto>(caller, $"/api/blueprints/{plain}")).Version);

        // Shrinking the padded draft gives its bytes back: now the third fits.
        await Json.SendAsync<BlueprintDto>(caller, HttpMethod.Put, $"/api/blueprints/{padded}",
            BlueprintFlows.Sample("expense-approval"), HttpStatusCode.OK);
        await BlueprintFlows.CreateAsync(caller, BlueprintFlows.Sample("expense-approval"));

        var account = await AccountAsync("bp-quota-bytes");
        Assert.Equal(account.Stored, account.Charged);
        Assert.Equal(account.StoredBytes, account.ChargedBytes);
        Assert.InRange(account.ChargedBytes, 1, QuotaBlueprintServices.BlueprintBytes);
    }

    [Fact]
    public async Task Twice_the_open_instance_quota_at_once_starts_exactly_the_quota_and_completing_one_frees_a_slot()
    {
        using var greedy = await services.ClientAsync("inst-quota-greedy");
        var wallet = await InstanceFlows.WalletAsync(greedy);
        var blueprint = await BlueprintFlows.PublishedAsync(greedy, "expense-approval");
        var register = await InstanceFlows.RegisterAsync(greedy);
        var body = new { registerId = register, participants = new { employee = wallet, manager = wallet, finance = wallet } };
        var answers = await Task.WhenAll(Enumerable.Range(0, 2 * OpenLimit)
            .Select(_ => greedy.PostAsJsonAsync($"/api/blueprints/{blueprint}/instances", body)));

        var ids = new SortedSet<string>(StringComparer.Ordinal);
        foreach (var answer in await QuotaAssert.CreatedOrRefusedAsync(answers, "openInstances", OpenLimit))
        {
            using (answer)
            {
                ids.Add((await Json.ReadAsync<CreatedInstanceResponse>(answer)).InstanceId);
            }
        }

        Assert.Equal(OpenLimit, ids.Count);
        Assert.Equal(ids, await StoredInstancesAsync("inst-quota-greedy"));
        Assert.Equal(ids, await OpenAsync("inst-quota-greedy"));

        // Another caller starts one of the same blueprint on its own register meanwhile.
        using var other = await services.ClientAsync("inst-quota-other");
        var otherWallet = await InstanceFlows.WalletAsync(other);
        await InstanceFlows.InstanceAsync(other, blueprint, await InstanceFlows.RegisterAsync(other),
            new Dictionary<string, string> { ["employee"] = otherWallet, ["manager"] = otherWallet, ["finance"] = otherWallet });

        // Completing one (the manager rejects: the flow ends) frees its slot, for exactly one more.
        var done = ids.First();
        await Json.PostAsync(greedy, $"/api/instances/{done}/actions/submit", new { sender = wallet, data = InstanceFlows.Claim },
            HttpStatusCode.Created);
        await Json.PostAsync(greedy, $"/api/instances/{done}/actions/approve",
            new { sender = wallet, data = new { decision = "rejected", comment = "quota" } }, HttpStatusCode.Created);
        Assert.DoesNotContain(done, await OpenAsync("inst-quota-greedy"));
        var next = await InstanceFlows.InstanceAsync(greedy, blueprint, register,
            new Dictionary<string, string> { ["employee"] = wallet, ["manager"] = wallet, ["finance"] = wallet });
        await QuotaAssert.RefusedAsync(await greedy.PostAsJsonAsync($"/api/blueprints/{blueprint}/instances", body),
            "openInstances", OpenLimit);
        Assert.Equal(ids.Where(id => id != done).Append(next).Order(StringComparer.Ordinal), await OpenAsync("inst-quota-greedy"));
    }

    [Fact]
    public async Task The_total_instance_quota_counts_ended_instances_too()
    {
        using var busy = await services.ClientAsync("inst-total-busy");
        var wallet = await InstanceFlows.WalletAsync(busy);
        var blueprint = await BlueprintFlows.PublishedAsync(busy, "expense-approval");
        var register = await InstanceFlows.RegisterAsync(busy);
        var participants = new Dictionary<string, string> { ["employee"] = wallet, ["manager"] = wallet, ["finance"] = wallet };
        for (var i = 0; i < QuotaBlueprintServices.Instances; i++)
        {
            var id = await InstanceFlows.InstanceAsync(busy, blueprint, register, participants);
            await Json.PostAsync(busy, $"/api/instances/{id}/actions/submit", new { sender = wallet, data = InstanceFlows.Claim },
                HttpStatusCode.Created);
            await Json.PostAsync(busy, $"/api/instances/{id}/actions/approve",
                new { sender = wallet, data = new { decision = "rejected", comment = "quota" } }, HttpStatusCode.Created);
        }

        Assert.Empty(await OpenAsync("inst-total-busy"));
        await QuotaAssert.RefusedAsync(await busy.PostAsJsonAsync($"/api/blueprints/{blueprint}/instances",
            new { registerId = register, participants }), "instances", QuotaBlueprintServices.Instances);
        Assert.Equal(QuotaBlueprintServices.Instances, (await StoredInstancesAsync("inst-total-busy")).Count);
    }

    /// <summary>A sample with a 3,900-character description: about 3.9 KB more than the sample.</summary>
    private static JsonObject Padded(string sample)
    {
        var blueprint = BlueprintFlows.Sample(sample);
        blueprint["description"] = new string('d', 3_900);
        return blueprint;
    }

    /// <summary>The caller's blueprints in Redis (every <c>{bp:…}</c> record, by owner, with its document's size) and its quota account.</summary>
    private async Task<Account> AccountAsync(string caller)
    {
        await using var redis = await ConnectionMultiplexer.ConnectAsync(services.RedisConnectionString);
        var db = redis.GetDatabase();
        var stored = new SortedSet<string>(StringComparer.Ordinal);
        long storedBytes = 0;
        await foreach (var key in redis.GetServers()[0].KeysAsync(pattern: "{bp:*}"))
        {
            var record = JsonNode.Parse((string)(await db.HashGetAsync(key, "record"))!)!;
            if ((string?)record["owner"] == caller)
            {
                stored.Add((string)record["blueprint"]!["id"]!);
                storedBytes += System.Text.Encoding.UTF8.GetByteCount(record["blueprint"]!.ToJsonString());
            }
        }

        var charged = await db.HashGetAllAsync(BlueprintKeys.Owned(caller));
        return new(stored, new SortedSet<string>(charged.Select(c => (string)c.Name!), StringComparer.Ordinal), storedBytes,
            (long)await db.StringGetAsync(BlueprintKeys.OwnedBytes(caller)));
    }

    private async Task<SortedSet<string>> StoredInstancesAsync(string caller)
    {
        await using var redis = await ConnectionMultiplexer.ConnectAsync(services.RedisConnectionString);
        var db = redis.GetDatabase();
        var stored = new SortedSet<string>(StringComparer.Ordinal);
        await foreach (var key in redis.GetServers()[0].KeysAsync(pattern: (string)InstanceKeys.Instance(new string('?', 32))!))
        {
            var record = JsonNode.Parse((string)(await db.HashGetAsync(key, "record"))!)!;
            if ((string?)record["createdBy"] == caller)
            {
                stored.Add((string)record["id"]!);
            }
        }

        return stored;
    }

    private async Task<SortedSet<string>> OpenAsync(string caller)
    {
        await using var redis = await ConnectionMultiplexer.ConnectAsync(services.RedisConnectionString);
        var open = await redis.GetDatabase().SetMembersAsync(InstanceKeys.OpenOf(caller));
        return new(open.Select(id => (string)id!), StringComparer.Ordinal);
    }

    private sealed record Account(SortedSet<string> Stored, SortedSet<string> Charged, long StoredBytes, long ChargedBytes);
}
