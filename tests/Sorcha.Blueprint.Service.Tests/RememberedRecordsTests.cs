extern alias blueprint;

using System.Net;
using System.Text.Json;
using System.Text.Json.Nodes;
using Sorcha.Contracts.Instances;
using Sorcha.Testing.Blueprints;
using StackExchange.Redis;
using BlueprintKeys = blueprint::Sorcha.Blueprint.Service.Blueprints.BlueprintKeys;
using BlueprintStore = blueprint::Sorcha.Blueprint.Service.Blueprints.BlueprintStore;
using InstanceKeys = blueprint::Sorcha.Blueprint.Service.Instances.InstanceKeys;
using InstanceStore = blueprint::Sorcha.Blueprint.Service.Instances.InstanceStore;

namespace Sorcha.Blueprint.Service.Tests;

/// <summary>
/// What the action path keeps in memory because it never changes: published versions (never a draft) and instance
/// records (never what moves: the next action and the step). Each store here is a fresh one over the services' Redis,
/// and what is stored is changed behind its back to tell where a read came from.
/// </summary>
[Collection(BlueprintScope.Name)]
public sealed class RememberedRecordsTests(BlueprintServices services)
{
    [Fact]
    public async Task A_published_version_once_read_is_served_from_memory_whole_and_the_same_to_every_reader()
    {
        using var owner = await services.ClientAsync("bp-memory-published");
        var id = await BlueprintFlows.PublishedAsync(owner, "expense-approval");
        await using var redis = await ConnectionMultiplexer.ConnectAsync(services.RedisConnectionString);
        var store = new BlueprintStore(redis);

        var first = await store.GetVersionAsync(id, 1);
        Assert.NotNull(first);
        Assert.True(first.Blueprint.Published);
        Assert.True(await redis.GetDatabase().KeyDeleteAsync([BlueprintKeys.Blueprint(id), BlueprintKeys.Version(id, 1)]) == 2);

        // Concurrent readers of the remembered record walk its JsonNodes at once: they were built before it was shared.
        var readers = await Task.WhenAll(Enumerable.Range(0, 8).Select(_ => Task.Run(async () =>
        {
            var record = await store.GetVersionAsync(id, 1);
            return (record, Schemas: string.Join('\n', record!.Blueprint.Actions.Select(a => Walk(a.DataSchema) + Walk(a.Calculations))));
        })));
        Assert.All(readers, r => Assert.Same(first, r.record));
        Assert.Single(readers.Select(r => r.Schemas).Distinct());
        Assert.Equal(3, first.Blueprint.Actions.Count);
        Assert.Contains("amount", readers[0].Schemas, StringComparison.Ordinal);

        // The document itself is read from Redis every time (it may be edited or deleted), and another store (another
        // replica) has not read the version: Redis answers, and both are gone there.
        Assert.Null(await store.GetAsync(id));
        Assert.Null(await new BlueprintStore(redis).GetVersionAsync(id, 1));
    }

    [Fact]
    public async Task The_current_document_is_leased_and_an_edit_or_a_deletion_answers_only_once_no_lease_serves_the_old_one()
    {
        using var owner = await services.ClientAsync("bp-memory-current");
        var id = await BlueprintFlows.PublishedAsync(owner, "expense-approval");
        await using var redis = await ConnectionMultiplexer.ConnectAsync(services.RedisConnectionString);
        var store = new BlueprintStore(redis); // another store over the same Redis: another replica

        var first = await store.GetCurrentAsync(id);
        Assert.Same(first, await store.GetCurrentAsync(id));
        Assert.True(await redis.GetDatabase().KeyExistsAsync(BlueprintKeys.Leased(id)));

        // Edited and published again through the API (the service's own store): each write waited out this store's
        // lease, so the moment it is answered this store reads the new document.
        var v2 = await BlueprintFlows.PublishExpenseV2Async(owner, id);
        var second = await store.GetCurrentAsync(id);
        Assert.Equal((v2.Version, true, "Expense approval v2"), (second!.Blueprint.Version, second.Blueprint.Published, second.Blueprint.Title));

        using (var deleted = await owner.DeleteAsync($"/api/blueprints/{id}"))
        {
            Assert.Equal(HttpStatusCode.NoContent, deleted.StatusCode);
        }

        Assert.Null(await store.GetCurrentAsync(id));
        Assert.Null(await store.GetCurrentAsync("not-an-id"));
    }

    [Fact]
    public async Task A_draft_is_read_from_Redis_every_time()
    {
        using var owner = await services.ClientAsync("bp-memory-draft");
        var id = (await BlueprintFlows.CreateAsync(owner, BlueprintFlows.Sample("expense-approval"))).Id!;
        await using var redis = await ConnectionMultiplexer.ConnectAsync(services.RedisConnectionString);
        var store = new BlueprintStore(redis);

        Assert.False((await store.GetAsync(id))!.Blueprint.Published);
        Assert.True(await redis.GetDatabase().KeyDeleteAsync(BlueprintKeys.Blueprint(id)));
        Assert.Null(await store.GetAsync(id));
    }

    [Fact]
    public async Task An_instance_record_is_read_once_but_its_next_action_and_step_every_time_and_a_gone_instance_is_gone()
    {
        using var alice = await services.ClientAsync("bp-memory-instance");
        var (instance, wallet) = await InstanceFlows.SoloExpenseInstanceAsync(alice);
        await using var redis = await ConnectionMultiplexer.ConnectAsync(services.RedisConnectionString);
        var db = redis.GetDatabase();
        var store = new InstanceStore(redis);

        var first = (await store.GetForActionAsync(instance))!;
        Assert.Equal((instance, "submit", 0), (first.Record.Id, first.NextActionId, first.Step));
        Assert.Equal(wallet, first.Record.Participants["employee"]);
        Assert.Empty(first.Steps);

        await Json.PostAsync<JsonElement>(alice, $"/api/instances/{instance}/actions/submit",
            new { sender = wallet, data = InstanceFlows.Claim }, HttpStatusCode.Created);
        await db.HashDeleteAsync(InstanceKeys.Instance(instance), "record"); // only a remembered record can answer now
        var moved = (await store.GetForActionAsync(instance))!;
        Assert.Same(first.Record, moved.Record);
        Assert.Equal(("approve", 1), (moved.NextActionId, moved.Step));

        Assert.True(await db.KeyDeleteAsync(InstanceKeys.Instance(instance)));
        Assert.Null(await store.GetForActionAsync(instance));
        Assert.Null(await new InstanceStore(redis).GetForActionAsync(Guid.NewGuid().ToString("N")));
    }

    /// <summary>
    /// Once the service holds an instance's record (after its first submission), the next action is checked by the same
    /// script that claims the step; the contract's order of refusals must not change, and a refusal takes no claim.
    /// </summary>
    [Fact]
    public async Task After_the_first_step_refusals_keep_the_contract_order_and_leave_the_step_free()
    {
        using var alice = await services.ClientAsync("bp-memory-order-alice");
        using var mallory = await services.ClientAsync("bp-memory-order-mallory");
        var (instance, wallet) = await InstanceFlows.SoloExpenseInstanceAsync(alice);
        var url = $"/api/instances/{instance}/actions";
        var otherWallet = await InstanceFlows.WalletAsync(alice);
        await Json.PostAsync<JsonElement>(alice, $"{url}/submit", new { sender = wallet, data = InstanceFlows.Claim }, HttpStatusCode.Created);

        // Not the next action beats an unbound sender, bad data and a caller who does not own the wallet.
        await ProblemAssert.RefusedAsync(alice, HttpMethod.Post, $"{url}/submit",
            new { sender = otherWallet, data = new { amount = "lots" } }, HttpStatusCode.Conflict);
        await ProblemAssert.RefusedAsync(mallory, HttpMethod.Post, $"{url}/finance-review",
            new { sender = wallet, data = new { paid = "no" } }, HttpStatusCode.Conflict);
        await ProblemAssert.RefusedAsync(alice, HttpMethod.Post, $"{url}/nope", new { sender = wallet, data = new { } }, HttpStatusCode.NotFound);
        await ProblemAssert.RefusedAsync(alice, HttpMethod.Post, $"{url}/approve", new { sender = "nope", data = new { } }, HttpStatusCode.BadRequest);

        // At the next action: unbound 403 before bad data 422; then the caller's ownership 403.
        await ProblemAssert.RefusedAsync(alice, HttpMethod.Post, $"{url}/approve",
            new { sender = otherWallet, data = new { decision = 7 } }, HttpStatusCode.Forbidden);
        await ProblemAssert.RefusedAsync(alice, HttpMethod.Post, $"{url}/approve",
            new { sender = wallet, data = new { decision = 7 } }, HttpStatusCode.UnprocessableEntity);
        await ProblemAssert.RefusedAsync(mallory, HttpMethod.Post, $"{url}/approve",
            new { sender = wallet, data = new { decision = "approved", approvedAmount = 10 } }, HttpStatusCode.Forbidden);

        // None of them took the step: the real one goes through at once, and the instance is then complete.
        await Json.PostAsync<JsonElement>(alice, $"{url}/approve",
            new { sender = wallet, data = new { decision = "approved", approvedAmount = 10 } }, HttpStatusCode.Created);
        var state = await Json.GetAsync<InstanceDto>(alice, $"/api/instances/{instance}");
        Assert.Equal(2, state.TxIds.Count);
        Assert.Null(state.NextActionId);
        await ProblemAssert.RefusedAsync(alice, HttpMethod.Post, $"{url}/approve",
            new { sender = wallet, data = new { decision = "approved", approvedAmount = 10 } }, HttpStatusCode.Conflict);
    }

    /// <summary>Every member name and value under <paramref name="node"/>, in document order.</summary>
    private static string Walk(JsonNode? node) => node switch
    {
        JsonObject o => "{" + string.Join(',', o.Select(p => p.Key + ":" + Walk(p.Value))) + "}",
        JsonArray a => "[" + string.Join(',', a.Select(Walk)) + "]",
        null => "null",
        _ => node.ToJsonString(),
    };
}
