using System.Net;
using System.Text.Json;
using Sorcha.Cryptography;
using Sorcha.Client;
using Sorcha.Contracts.Transactions;
using SignedTransaction = Sorcha.Testing.Registers.SignedTransaction;
using Sorcha.IntegrationTests.Infrastructure;
using Sorcha.Ledger.Dockets;
using Sorcha.Ledger.Tests.TestData;
using Sorcha.Ledger.Verification;
using Sorcha.Verify;
using StackExchange.Redis;

namespace Sorcha.IntegrationTests.Registers;

/// <summary>
/// Verify once trusted the chain head stored in Redis, so deleting a register's last transactions with their
/// dockets still verified. Dockets now sign the register tree (treeSize/treeRoot), the consistency endpoint proves
/// growth between two dockets, verify checks the head against the store's indexes, and a client holding a docket
/// detects a cut tail offline (--trusted-docket).
/// </summary>
[Trait(Rerun.Trait, Rerun.Replicas)]
[Trait(Rerun.Trait, Rerun.Cluster)]
[Collection(PlatformScope.Name)]
public sealed class TruncationTests(PlatformFixture platform)
{
    [Fact]
    public async Task Dockets_sign_the_register_tree_and_consistency_proofs_match_an_independent_RFC_9162()
    {
        using var client = await platform.ClientAsync("trees");
        var (id, txs, dockets) = await SealedRegisterAsync(client, 260);
        Assert.True(dockets.Count >= 3, $"{dockets.Count} dockets");
        var txIds = txs.Select(t => Convert.FromHexString(t.TxId)).ToList();
        foreach (var docket in dockets)
        {
            var size = (int)Assert.NotNull(docket.TreeSize);
            Assert.Equal(docket.LastSequence + 1, size);
            Assert.Equal(Convert.ToHexStringLower(Rfc9162Reference.Mth(txIds[..size])), docket.TreeRoot);
        }

        foreach (var (from, to) in new[] { (0, dockets.Count - 1), (1, 2), (2, 2) })
        {
            var answer = await Json.GetAsync<ConsistencyProof>(client, $"/api/registers/{id}/consistency?from={from}&to={to}");
            Assert.Equal(dockets[from], answer.From);
            Assert.Equal(dockets[to], answer.To);
            var m = (int)Assert.NotNull(dockets[from].TreeSize);
            var n = (int)Assert.NotNull(dockets[to].TreeSize);
            var expected = (m == n ? [] : Rfc9162Reference.Proof(m, txIds[..n])).Select(Convert.ToHexStringLower);
            Assert.Equal(expected, answer.Proof);
        }

        using var backwards = await client.GetAsync($"/api/registers/{id}/consistency?from=2&to=1");
        await ProblemAssert.IsProblemAsync(backwards, HttpStatusCode.BadRequest);
        using var missing = await client.GetAsync($"/api/registers/{id}/consistency?from=0&to=99");
        await ProblemAssert.IsProblemAsync(missing, HttpStatusCode.NotFound);
    }

    [Fact]
    public async Task Moving_the_stored_head_back_is_named_by_verify()
    {
        using var client = await platform.ClientAsync("trees-head");
        var (id, txs, _) = await SealedRegisterAsync(client, 150);

        // Only the head moves back 30 transactions; the transactions and dockets beyond it stay in the store.
        using (var redis = await ConnectionMultiplexer.ConnectAsync(platform.Redis.ConnectionString))
        {
            var kept = await Json.GetAsync<CommittedTransactionDocument>(client, $"/api/registers/{id}/transactions/{txs[119].TxId}");
            await redis.GetDatabase().HashSetAsync($"reg:{{{id}}}:head",
                [new("height", 120), new("chainHash", kept.ChainHash)]);
        }

        var verdict = await Json.GetAsync<VerificationResult>(client, $"/api/registers/{id}/verify");
        Assert.False(verdict.Valid, verdict.ToString());
        Assert.Contains("disagrees with its head", verdict.Reason, StringComparison.Ordinal);
    }

    [Fact]
    public async Task A_tail_cut_from_every_key_is_detected_with_a_trusted_docket()
    {
        using var client = await platform.ClientAsync("trees-cut");
        var (id, txs, dockets) = await SealedRegisterAsync(client, 250);
        var register = await RegisterFlows.GetRegisterAsync(client, id);
        var trusted = dockets[^1];
        var keep = dockets[^2];
        var height = (int)keep.LastSequence + 1;

        await CutTailAsync(id, txs, height, keep, dockets.Count - 1);

        // The store is consistent with itself again, so its own verify cannot tell: the client's docket can.
        var verdict = await Json.GetAsync<VerificationResult>(client, $"/api/registers/{id}/verify");
        Assert.True(verdict.Valid, verdict.ToString());
        using (var proof = await client.GetAsync($"/api/registers/{id}/consistency?from={trusted.Number}&to={trusted.Number}"))
        {
            Assert.Equal(HttpStatusCode.NotFound, proof.StatusCode);
        }

        var directory = Directory.CreateTempSubdirectory("sorcha-cut-").FullName;
        try
        {
            var export = Path.Combine(directory, "export.ndjson");
            var docketFile = Path.Combine(directory, "docket.json");
            await File.WriteAllTextAsync(docketFile, JsonSerializer.Serialize(trusted, SorchaJsonContext.Default.Docket));
            using (var response = await client.GetAsync($"/api/registers/{id}/export", HttpCompletionOption.ResponseHeadersRead))
            {
                await using var file = File.Create(export);
                await response.Content.CopyToAsync(file);
            }

            var withoutTrust = new StringWriter();
            Assert.Equal(VerifyCommand.Valid, await VerifyCommand.RunAsync([export, "--public-key", Convert.ToBase64String(register.PublicKey)], withoutTrust, withoutTrust));
            var report = new StringWriter();
            var code = await VerifyCommand.RunAsync([export, "--public-key", Convert.ToBase64String(register.PublicKey), "--trusted-docket", docketFile], report, report);
            Assert.True(code == VerifyCommand.Invalid, report.ToString());
            Assert.Contains($"INVALID at sequence {height}", report.ToString(), StringComparison.Ordinal);
        }
        finally
        {
            Directory.Delete(directory, recursive: true);
        }
    }

    /// <summary>What an attacker with the store does: every key of the tail goes, and the head and cursor are rewound to match.</summary>
    private async Task CutTailAsync(string id, List<SignedTransaction> txs, int height, Docket keep, int docketCount)
    {
        using var redis = await ConnectionMultiplexer.ConnectAsync(platform.Redis.ConnectionString);
        var db = redis.GetDatabase();
        for (var s = height; s < txs.Count; s++)
        {
            await db.HashDeleteAsync($"reg:{{{id}}}:tx", s);
            await db.HashDeleteAsync($"reg:{{{id}}}:seq", s);
            await db.HashDeleteAsync($"reg:{{{id}}}:txid", txs[s].TxId);
        }

        await db.HashDeleteAsync($"reg:{{{id}}}:dockets", docketCount);
        await db.SortedSetRemoveAsync($"reg:{{{id}}}:docket-ends", docketCount);
        var chain = ChainHashOf(txs, height);
        var tree = new MerkleFrontier();
        tree.AppendAll(txs.Take(height).Select(t => Convert.FromHexString(t.TxId)));
        await db.HashSetAsync($"reg:{{{id}}}:head",
        [
            new("height", height), new("chainHash", chain), new("sealed", height), new("dockets", docketCount),
            new("lastDocketHash", keep.DocketHash), new("treeFrontier", Convert.ToHexStringLower(tree.ToBytes())),
        ]);
    }

    private static string ChainHashOf(List<SignedTransaction> txs, int height)
    {
        var chain = new byte[32];
        foreach (var tx in txs.Take(height))
        {
            chain = System.Security.Cryptography.SHA256.HashData([.. chain, .. Convert.FromHexString(tx.TxId)]);
        }

        return Convert.ToHexStringLower(chain);
    }

    /// <summary>A register with <paramref name="count"/> transactions committed in one batch (sequence order = list order), all sealed.</summary>
    private static async Task<(string Id, List<SignedTransaction> Txs, List<Docket> Dockets)> SealedRegisterAsync(HttpClient client, int count)
    {
        var id = (await RegisterFlows.RegisterAsync(client, "trees")).Id;
        var signer = Signer.New();
        var txs = Enumerable.Range(0, count).Select(_ => RegisterFlows.Build(id, signer)).ToList();
        using (var batch = await client.PostAsync("/api/transactions/batch", RegisterFlows.BatchBody(txs)))
        {
            Assert.Equal(HttpStatusCode.OK, batch.StatusCode);
        }

        var dockets = await RegisterFlows.WaitUntilSealedAsync(client, id, count);
        RegisterFlows.AssertContiguous(dockets, count, id);
        return (id, txs, dockets);
    }
}
