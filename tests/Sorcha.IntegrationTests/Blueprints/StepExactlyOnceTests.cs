extern alias BlueprintService;

using System.Net;
using System.Net.Http.Json;
using System.Text;
using System.Text.Json;
using System.Text.Json.Nodes;
using BlueprintService::Sorcha.Blueprint.Service.Instances;
using Sorcha.Client;
using Sorcha.Contracts.Instances;
using Sorcha.IntegrationTests.Infrastructure;
using Sorcha.Ledger.Transactions;
using Sorcha.Registers.Store;
using StackExchange.Redis;

namespace Sorcha.IntegrationTests.Blueprints;

/// <summary>
/// A step whose commit outcome is unknown to the Blueprint service (the Transaction service went away, or committed
/// and its answer was lost) is recorded in the register exactly once: the next attempt commits the same signed
/// transaction again instead of signing a second one.
/// </summary>
[Trait(Rerun.Trait, Rerun.Replicas)]
[Trait(Rerun.Trait, Rerun.Cluster)]
[Collection(PlatformScope.Name)]
public sealed class StepExactlyOnceTests(PlatformFixture platform)
{
    [Fact]
    public async Task A_commit_whose_answer_was_lost_is_not_recorded_twice()
    {
        using var alice = await platform.ClientAsync("once-lost-answer");
        var (instance, wallet) = await InstanceFlows.SoloExpenseInstanceAsync(alice);
        await SubmitWhileTransactionServiceIsDownAsync(alice, instance, wallet);

        // The lost answer: the pending transaction reaches the register, but the instance never heard of it. It is
        // appended through the register store, as the Transaction service would: a user's token cannot commit an
        // Action transaction (only the Blueprint service's own token can).
        var pending = await PendingAsync(instance);
        using (var redis = await ConnectionMultiplexer.ConnectAsync(platform.Redis.ConnectionString))
        {
            Assert.True(TransactionParser.TryParse(Encoding.UTF8.GetBytes(pending["transaction"]!.ToJsonString()), out var parsed, out _));
            var appended = await new RegisterStore(redis).AppendAsync(parsed!.RegisterId, [parsed]);
            Assert.Equal(AppendStatus.Created, appended.Items[0]!.Status);
        }

        // The retry records nothing new: same txId, the instance moves on, the register holds the step once.
        var retried = await Json.PostAsync<SubmitActionResponse>(alice, $"/api/instances/{instance}/actions/submit",
            new { sender = wallet, data = InstanceFlows.Claim }, HttpStatusCode.Created);
        Assert.Equal((string)pending["txId"]!, retried.TxId);
        await AssertRecordedOnceAsync(alice, instance, retried.TxId);
    }

    [Fact]
    public async Task A_retry_with_other_data_gets_409_and_the_first_signed_transaction_stands()
    {
        using var alice = await platform.ClientAsync("once-other-data");
        var (instance, wallet) = await InstanceFlows.SoloExpenseInstanceAsync(alice);
        await SubmitWhileTransactionServiceIsDownAsync(alice, instance, wallet);
        var pending = await PendingAsync(instance);

        var otherData = JsonSerializer.SerializeToNode(InstanceFlows.Claim)!.AsObject();
        otherData["amount"] = 99;
        using var retried = await alice.PostAsJsonAsync($"/api/instances/{instance}/actions/submit", new { sender = wallet, data = otherData });
        var problem = await ProblemAssert.ReadAsync(retried, HttpStatusCode.Conflict);
        Assert.Contains((string)pending["txId"]!, problem.Detail, StringComparison.Ordinal);
        await AssertRecordedOnceAsync(alice, instance, (string)pending["txId"]!);
    }

    /// <summary>With every Transaction replica stopped the submission signs, keeps the transaction pending and answers 503.</summary>
    private async Task SubmitWhileTransactionServiceIsDownAsync(HttpClient client, string instance, string wallet)
    {
        var replicas = platform.ReplicasOf("transaction");
        await Task.WhenAll(replicas.Select(r => platform.App.StopResourceAsync(r)));
        try
        {
            using var response = await client.PostAsJsonAsync($"/api/instances/{instance}/actions/submit",
                new { sender = wallet, data = InstanceFlows.Claim });
            await ProblemAssert.IsProblemAsync(response, HttpStatusCode.ServiceUnavailable);
        }
        finally
        {
            await Task.WhenAll(replicas.Select(r => platform.App.StartResourceAsync(r)));
        }
    }

    private async Task<JsonObject> PendingAsync(string instance)
    {
        using var redis = await ConnectionMultiplexer.ConnectAsync(platform.Redis.ConnectionString);
        var json = await redis.GetDatabase().StringGetAsync(InstanceKeys.Pending(instance));
        Assert.False(json.IsNull, "the signed transaction of a step with an unknown outcome is kept");
        return JsonNode.Parse((string)json!)!.AsObject();
    }

    private static async Task AssertRecordedOnceAsync(HttpClient client, string instance, string txId)
    {
        var state = await Json.GetAsync<InstanceDto>(client, $"/api/instances/{instance}");
        Assert.Equal([txId], state.TxIds);
        Assert.Equal("approve", state.NextActionId);
        Assert.Equal(1, await RegisterFlows.HeightAsync(client, state.RegisterId));
    }
}
