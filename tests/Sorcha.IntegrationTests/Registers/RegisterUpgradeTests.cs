using System.Net;
using System.Text;
using System.Text.Json;
using Sorcha.Cryptography;
using Sorcha.Client;
using Sorcha.IntegrationTests.Infrastructure;
using Sorcha.Ledger.Dockets;
using Sorcha.Ledger.Tests.TestData;
using Sorcha.Ledger.Transactions;
using Sorcha.Ledger.Verification;
using Sorcha.Registers.Store;
using StackExchange.Redis;

namespace Sorcha.IntegrationTests.Registers;

/// <summary>
/// A register whose first dockets were sealed before register trees existed (seven-field dockets, no tree frontier in
/// its head) keeps them as they are; the next docket the service seals carries the tree over every txId from 0, the
/// register verifies, and consistency proofs start from that docket (docs/api.md, "Register trees").
/// </summary>
[Trait(Rerun.Trait, Rerun.Replicas)]
[Trait(Rerun.Trait, Rerun.Cluster)]
[Collection(PlatformScope.Name)]
public sealed class RegisterUpgradeTests(PlatformFixture platform)
{
    [Fact]
    public async Task An_existing_register_keeps_its_old_dockets_and_its_next_docket_covers_the_whole_tree()
    {
        using var client = await platform.ClientAsync("trees-upgrade");
        var register = await RegisterFlows.RegisterAsync(client, "upgrade");
        var id = register.Id;
        var signer = Signer.New();
        var old = Enumerable.Range(0, 99).Select(_ => RegisterFlows.Build(id, signer)).ToList();

        // The register as the previous version left it: 99 transactions in a docket without a tree, no frontier. (99, so
        // the service's sealer waits 1 s before it would seal them, and the old-format docket is published first.)
        using (var redis = await ConnectionMultiplexer.ConnectAsync(platform.Redis.ConnectionString))
        {
            var store = new RegisterStore(redis);
            await redis.GetDatabase().SortedSetRemoveAsync("registers:unsealed", id); // keep the service's sealer off it for now
            await store.AppendAsync(id, [.. old.Select(t => Parse(t.Json))]);
            await redis.GetDatabase().SortedSetRemoveAsync("registers:unsealed", id);
            var state = (await store.GetStateAsync(id))!;
            Assert.Equal(0, state.Sealed);
            var sealedKey = (await store.GetAsync(id))!.SealedSigningKey;
            var key = KeyProtection.Open(Convert.FromBase64String(platform.Options.RegisterKeyEncryptionKey), sealedKey,
                Encoding.UTF8.GetBytes("sorcha/v1/register-key/" + id));
            var txIds = await store.GetTxIdsAsync(id, 0, 99);
            var legacy = LegacyDockets.Seal(id, 0, 0, txIds, state.LastDocketHash, DateTimeOffset.UtcNow, key);
            var tree = new MerkleFrontier();
            tree.AppendAll(old.Select(t => Convert.FromHexString(t.TxId)));
            Assert.True(await store.TryPublishDocketAsync(state, legacy, tree));
            await redis.GetDatabase().HashDeleteAsync($"reg:{{{id}}}:head", "treeFrontier");
        }

        var later = Enumerable.Range(0, 30).Select(_ => RegisterFlows.Build(id, signer)).ToList();
        using (var batch = await client.PostAsync("/api/transactions/batch", RegisterFlows.BatchBody(later)))
        {
            Assert.Equal(HttpStatusCode.OK, batch.StatusCode);
        }

        var dockets = await RegisterFlows.WaitUntilSealedAsync(client, id, 129);
        RegisterFlows.AssertContiguous(dockets, 129, id);
        // Raw: the old docket is served as it was sealed, treeSize absent from the wire (the model reads absent as null).
        var listed = await Json.GetAsync<JsonElement>(client, $"/api/registers/{id}/dockets?page=1&pageSize=100");
        Assert.False(listed.GetProperty("items")[0].TryGetProperty("treeSize", out _));
        var all = old.Concat(later).Select(t => Convert.FromHexString(t.TxId)).ToList();
        Assert.Equal(129, dockets[^1].TreeSize);
        Assert.Equal(Convert.ToHexStringLower(Rfc9162Reference.Mth(all)), dockets[^1].TreeRoot);

        var verdict = await Json.GetAsync<VerificationResult>(client, $"/api/registers/{id}/verify");
        Assert.True(verdict.Valid, verdict.ToString());
        using var fromOld = await client.GetAsync($"/api/registers/{id}/consistency?from=0&to={dockets.Count - 1}");
        await ProblemAssert.IsProblemAsync(fromOld, HttpStatusCode.UnprocessableEntity);
        using var fromNew = await client.GetAsync($"/api/registers/{id}/consistency?from=1&to={dockets.Count - 1}");
        Assert.Equal(HttpStatusCode.OK, fromNew.StatusCode);
    }

    private static ParsedTransaction Parse(string json) =>
        TransactionParser.TryParse(Encoding.UTF8.GetBytes(json), out var parsed, out _) ? parsed! : throw new InvalidOperationException(json);
}
