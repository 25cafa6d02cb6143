using System.Net;
using System.Security.Cryptography;
using System.Text.Json;
using System.Text.Json.Nodes;
using Sorcha.Client;
using Sorcha.Contracts;
using Sorcha.Contracts.Transactions;
using Sorcha.IntegrationTests.Infrastructure;
using Sorcha.Ledger.Dockets;
using Sorcha.Testing.Platform.OpenApi;

namespace Sorcha.IntegrationTests.Registers;

[Trait(Rerun.Trait, Rerun.Replicas)]
[Trait(Rerun.Trait, Rerun.Cluster)]
[Collection(PlatformScope.Name)]
public sealed class TransactionSubmitTests(PlatformFixture platform)
{
    [Fact]
    public async Task Client_signed_transactions_commit_in_order_with_the_clients_txId_and_a_linked_chain()
    {
        using var client = await platform.ClientAsync("tx-submitter");
        var id = (await RegisterFlows.RegisterAsync(client)).Id;
        var signer = Signer.New();
        var previous = new byte[32];
        for (var i = 0; i < 3; i++)
        {
            var tx = RegisterFlows.Build(id, signer);
            using var response = await client.PostAsync("/api/transactions", RegisterFlows.Body(tx.Json));
            Assert.Equal(HttpStatusCode.Created, response.StatusCode);
            Assert.Equal($"/api/registers/{id}/transactions/{tx.TxId}", response.Headers.Location?.OriginalString);
            var text = await response.Content.ReadAsStringAsync();
            var committed = Json.Parse<CommittedTransactionDocument>(text);
            Assert.Equal(tx.TxId, committed.TxId);
            Assert.Equal(i, committed.Sequence);
            previous = SHA256.HashData([.. previous, .. Convert.FromHexString(tx.TxId)]);
            Assert.Equal(Convert.ToHexStringLower(previous), committed.ChainHash);
            // Raw: an unsealed transaction leaves docketNumber out (absent, not null), a wire detail the model hides.
            Assert.False(Json.Parse<JsonElement>(text).TryGetProperty("docketNumber", out _));
        }

        var register = await RegisterFlows.GetRegisterAsync(client, id);
        Assert.Equal(3, register.Height);
        Assert.Equal(Convert.ToHexStringLower(previous), register.HeadChainHash);
    }

    [Fact]
    public async Task The_same_transaction_again_is_200_with_the_first_commit_and_commits_nothing()
    {
        using var client = await platform.ClientAsync("tx-idempotent");
        var id = (await RegisterFlows.RegisterAsync(client)).Id;
        var tx = RegisterFlows.Build(id, Signer.New());
        var first = await RegisterFlows.SubmitAsync(client, tx, HttpStatusCode.Created);
        var again = await RegisterFlows.SubmitAsync(client, tx, HttpStatusCode.OK);
        Assert.Equal(first.Sequence, again.Sequence);
        Assert.Equal(first.CommittedAt, again.CommittedAt);
        Assert.Equal(1, await RegisterFlows.HeightAsync(client, id));

        // And inside one batch: the first occurrence is 201, the repeat 200 with the same sequence.
        var fresh = RegisterFlows.Build(id, Signer.New());
        using var batch = await client.PostAsync("/api/transactions/batch", RegisterFlows.BatchBody([tx, fresh, fresh]));
        var results = (await Json.ReadAsync<SubmittedBatch>(batch)).Results;
        Assert.Equal([200, 201, 200], results.Select(r => r.Status));
        Assert.Equal([0L, 1, 1], results.Select(r => r.Transaction!.Sequence));
        Assert.Equal(2, await RegisterFlows.HeightAsync(client, id));
    }

    [Fact]
    public async Task A_committed_transaction_reads_back_with_every_field_as_sent_and_is_located_by_txId()
    {
        using var client = await platform.ClientAsync("tx-reader");
        var id = (await RegisterFlows.RegisterAsync(client)).Id;
        // A number's lexical form (1.50, hashed as 1.5), escapes, a null and nested values come back exactly as sent.
        var payload = JsonNode.Parse("""{"note":"caf\u00e9 \"ok\"","amount":1.50,"nothing":null,"list":[1,{"a":true}]}""");
        var tx = RegisterFlows.Build(id, Signer.New(), payload, t => t["metadata"] = new JsonObject { ["type"] = "Test" });
        Assert.Contains("\"amount\":1.50", tx.Json, StringComparison.Ordinal);
        await RegisterFlows.SubmitAsync(client, tx, HttpStatusCode.Created);

        var text = await client.GetStringAsync($"/api/registers/{id}/transactions/{tx.TxId}");
        Assert.StartsWith(tx.Json[..^1] + ",\"txId\":\"" + tx.TxId + "\"", text);
        var page = await Json.GetAsync<Paged<CommittedTransactionDocument>>(client, $"/api/registers/{id}/transactions?page=1&pageSize=10");
        Assert.Equal(1, page.TotalCount);
        Assert.Equal(tx.TxId, Assert.Single(page.Items).TxId);

        var location = await Json.GetAsync<TransactionLocation>(client, $"/api/transactions/{tx.TxId}");
        Assert.Equal(new TransactionLocation(tx.TxId, id, 0), location);
        using var missing = await client.GetAsync($"/api/transactions/{new string('0', 64)}");
        await ProblemAssert.IsProblemAsync(missing, HttpStatusCode.NotFound);
    }

    [Fact]
    public async Task A_batch_answers_each_item_in_order_and_commits_only_the_good_ones()
    {
        using var invalidOnPurpose = OpenApiValidatingHandler.BadInputScope();
        using var client = await platform.ClientAsync("tx-batch");
        var id = (await RegisterFlows.RegisterAsync(client)).Id;
        var signer = Signer.New();
        var good1 = RegisterFlows.Build(id, signer);
        var badSignature = RegisterFlows.Build(id, signer, afterSigning: t => t["payload"] = "changed after signing");
        var unknownRegister = RegisterFlows.Build(Guid.NewGuid().ToString("N"), signer);
        var good2 = RegisterFlows.Build(id, signer);
        var body = "{\"transactions\":[" + good1.Json + "," + badSignature.Json + ",{\"registerId\":5}," + unknownRegister.Json + "," + good2.Json + "]}";
        using var response = await client.PostAsync("/api/transactions/batch", RegisterFlows.Body(body));
        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        var results = (await Json.ReadAsync<SubmittedBatch>(response)).Results;
        Assert.Equal([201, 422, 400, 422, 201], results.Select(r => r.Status));
        Assert.Equal(good1.TxId, results[0].Transaction?.TxId);
        Assert.Equal(good2.TxId, results[4].Transaction?.TxId);
        Assert.Equal(1, results[4].Transaction!.Sequence);
        Assert.Contains("unknown register", results[3].Problem?.Detail, StringComparison.Ordinal);
        Assert.Superset(new HashSet<string> { "registerId", "sender", "algorithm", "publicKey", "payload", "timestamp", "signature" },
            ProblemAssert.ErrorKeys(results[2].Problem!).ToHashSet());

        Assert.Equal(2, await RegisterFlows.HeightAsync(client, id));
    }

    [Fact]
    public async Task A_proof_is_409_until_the_docket_is_sealed_then_verifies_against_the_signed_docket()
    {
        using var client = await platform.ClientAsync("tx-proof");
        var register = await RegisterFlows.RegisterAsync(client);
        var id = register.Id;
        var signer = Signer.New();
        var txs = Enumerable.Range(0, 5).Select(_ => RegisterFlows.Build(id, signer)).ToList();
        using (var batch = await client.PostAsync("/api/transactions/batch", RegisterFlows.BatchBody(txs)))
        {
            Assert.Equal(HttpStatusCode.OK, batch.StatusCode);
        }

        using (var early = await client.GetAsync($"/api/registers/{id}/transactions/{txs[3].TxId}/proof"))
        {
            await ProblemAssert.IsProblemAsync(early, HttpStatusCode.Conflict);
        }

        var dockets = await RegisterFlows.WaitUntilSealedAsync(client, id, 5);
        RegisterFlows.AssertContiguous(dockets, 5, id);
        var proof = await Json.GetAsync<InclusionProof>(client, $"/api/registers/{id}/transactions/{txs[3].TxId}/proof");
        var docket = proof.Docket;
        Assert.Equal(txs[3].TxId, proof.TxId);
        Assert.Equal(3, proof.Sequence);
        Assert.Equal(3 - docket.FirstSequence, proof.LeafIndex);
        var size = docket.LastSequence - docket.FirstSequence + 1;
        var path = proof.AuditPath.Select(Convert.FromHexString).ToList();
        var root = Convert.FromHexString(docket.MerkleRoot);
        Assert.True(RegisterFlows.VerifyInclusion(Convert.FromHexString(txs[3].TxId), proof.LeafIndex, size, path, root));
        Assert.False(RegisterFlows.VerifyInclusion(Convert.FromHexString(txs[2].TxId), proof.LeafIndex, size, path, root));

        // The docket is signed by the register's own key over its docketHash (checked with an independent Ed25519).
        var verifier = new Org.BouncyCastle.Crypto.Signers.Ed25519Signer();
        verifier.Init(false, new Org.BouncyCastle.Crypto.Parameters.Ed25519PublicKeyParameters(register.PublicKey, 0));
        var docketHash = Convert.FromHexString(docket.DocketHash);
        verifier.BlockUpdate(docketHash, 0, docketHash.Length);
        Assert.True(verifier.VerifySignature(Convert.FromBase64String(docket.Signature)));

        // Once sealed, reads carry the docket number.
        var committed = await Json.GetAsync<CommittedTransactionDocument>(client, $"/api/registers/{id}/transactions/{txs[3].TxId}");
        Assert.Equal(docket.Number, committed.DocketNumber);
    }
}
