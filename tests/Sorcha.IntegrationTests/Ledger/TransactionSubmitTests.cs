using System.Net;
using System.Net.Http.Json;
using System.Security.Cryptography;
using System.Text.Json;
using System.Text.Json.Nodes;
using Sorcha.IntegrationTests.Infrastructure;

namespace Sorcha.IntegrationTests.Ledger;

[Collection(PlatformScope.Name)]
public sealed class TransactionSubmitTests(PlatformFixture platform)
{
    [Fact]
    public async Task Client_signed_transactions_commit_in_order_with_the_clients_txId_and_a_linked_chain()
    {
        using var client = await platform.ClientAsync("tx-submitter");
        var id = (await LedgerFlows.CreateRegisterAsync(client)).Str("id");
        var signer = Signer.New();
        var previous = new byte[32];
        for (var i = 0; i < 3; i++)
        {
            var tx = LedgerFlows.Build(id, signer);
            using var response = await client.PostAsync("/api/transactions", LedgerFlows.Body(tx.Json));
            Assert.Equal(HttpStatusCode.Created, response.StatusCode);
            Assert.Equal($"/api/registers/{id}/transactions/{tx.TxId}", response.Headers.Location?.OriginalString);
            var committed = await Json.ReadAsync(response);
            Assert.Equal(tx.TxId, committed.Str("txId"));
            Assert.Equal(i, committed.GetProperty("sequence").GetInt64());
            previous = SHA256.HashData([.. previous, .. Convert.FromHexString(tx.TxId)]);
            Assert.Equal(Convert.ToHexStringLower(previous), committed.Str("chainHash"));
            Assert.False(committed.TryGetProperty("docketNumber", out _));
        }

        var register = await LedgerFlows.GetRegisterAsync(client, id);
        Assert.Equal(3, register.GetProperty("height").GetInt64());
        Assert.Equal(Convert.ToHexStringLower(previous), register.Str("headChainHash"));
    }

    [Fact]
    public async Task The_same_transaction_again_is_200_with_the_first_commit_and_commits_nothing()
    {
        using var client = await platform.ClientAsync("tx-idempotent");
        var id = (await LedgerFlows.CreateRegisterAsync(client)).Str("id");
        var tx = LedgerFlows.Build(id, Signer.New());
        var first = await LedgerFlows.SubmitAsync(client, tx, HttpStatusCode.Created);
        var again = await LedgerFlows.SubmitAsync(client, tx, HttpStatusCode.OK);
        Assert.Equal(first.GetProperty("sequence").GetInt64(), again.GetProperty("sequence").GetInt64());
        Assert.Equal(first.Str("committedAt"), again.Str("committedAt"));
        Assert.Equal(1, await LedgerFlows.HeightAsync(client, id));

        // And inside one batch: the first occurrence is 201, the repeat 200 with the same sequence.
        var fresh = LedgerFlows.Build(id, Signer.New());
        using var batch = await client.PostAsync("/api/transactions/batch", LedgerFlows.BatchBody([tx, fresh, fresh]));
        var results = (await Json.ReadAsync(batch)).GetProperty("results").EnumerateArray().ToList();
        Assert.Equal([200, 201, 200], results.Select(r => r.GetProperty("status").GetInt32()));
        Assert.Equal(0, results[0].GetProperty("transaction").GetProperty("sequence").GetInt64());
        Assert.Equal(1, results[1].GetProperty("transaction").GetProperty("sequence").GetInt64());
        Assert.Equal(1, results[2].GetProperty("transaction").GetProperty("sequence").GetInt64());
        Assert.Equal(2, await LedgerFlows.HeightAsync(client, id));
    }

    [Fact]
    public async Task A_committed_transaction_reads_back_with_every_field_as_sent_and_is_located_by_txId()
    {
        using var client = await platform.ClientAsync("tx-reader");
        var id = (await LedgerFlows.CreateRegisterAsync(client)).Str("id");
        // A number's lexical form (1.50, hashed as 1.5), escapes, a null and nested values come back exactly as sent.
        var payload = JsonNode.Parse("""{"note":"caf\u00e9 \"ok\"","amount":1.50,"nothing":null,"list":[1,{"a":true}]}""");
        var tx = LedgerFlows.Build(id, Signer.New(), payload, t => t["metadata"] = new JsonObject { ["type"] = "Test" });
        Assert.Contains("\"amount\":1.50", tx.Json, StringComparison.Ordinal);
        await LedgerFlows.SubmitAsync(client, tx, HttpStatusCode.Created);

        var text = await client.GetStringAsync($"/api/registers/{id}/transactions/{tx.TxId}");
        Assert.StartsWith(tx.Json[..^1] + ",\"txId\":\"" + tx.TxId + "\"", text);
        var page = await client.GetFromJsonAsync<JsonElement>($"/api/registers/{id}/transactions?page=1&pageSize=10");
        Assert.Equal(1, page.GetProperty("totalCount").GetInt64());
        Assert.Equal(tx.TxId, page.GetProperty("items")[0].Str("txId"));

        var location = await client.GetFromJsonAsync<JsonElement>($"/api/transactions/{tx.TxId}");
        Assert.Equal(id, location.Str("registerId"));
        Assert.Equal(0, location.GetProperty("sequence").GetInt64());
        using var missing = await client.GetAsync($"/api/transactions/{new string('0', 64)}");
        await ProblemAssert.IsProblemAsync(missing, HttpStatusCode.NotFound);
    }

    [Fact]
    public async Task A_batch_answers_each_item_in_order_and_commits_only_the_good_ones()
    {
        using var client = await platform.ClientAsync("tx-batch");
        var id = (await LedgerFlows.CreateRegisterAsync(client)).Str("id");
        var signer = Signer.New();
        var good1 = LedgerFlows.Build(id, signer);
        var badSignature = LedgerFlows.Build(id, signer, afterSigning: t => t["payload"] = "changed after signing");
        var unknownRegister = LedgerFlows.Build(Guid.NewGuid().ToString("N"), signer);
        var good2 = LedgerFlows.Build(id, signer);
        var body = "{\"transactions\":[" + good1.Json + "," + badSignature.Json + ",{\"registerId\":5}," + unknownRegister.Json + "," + good2.Json + "]}";
        using var response = await client.PostAsync("/api/transactions/batch", LedgerFlows.Body(body));
        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        var results = (await Json.ReadAsync(response)).GetProperty("results").EnumerateArray().ToList();
        Assert.Equal([201, 422, 400, 422, 201], results.Select(r => r.GetProperty("status").GetInt32()));
        Assert.Equal(good1.TxId, results[0].GetProperty("transaction").Str("txId"));
        Assert.Equal(good2.TxId, results[4].GetProperty("transaction").Str("txId"));
        Assert.Equal(1, results[4].GetProperty("transaction").GetProperty("sequence").GetInt64());
        Assert.Contains("unknown register", results[3].GetProperty("problem").Str("detail"), StringComparison.Ordinal);
        var errors = results[2].GetProperty("problem").GetProperty("errors");
        foreach (var field in new[] { "registerId", "sender", "algorithm", "publicKey", "payload", "timestamp", "signature" })
        {
            Assert.True(errors.TryGetProperty(field, out _), $"{field} missing in {errors}");
        }

        Assert.Equal(2, await LedgerFlows.HeightAsync(client, id));
    }

    [Fact]
    public async Task A_proof_is_409_until_the_docket_is_sealed_then_verifies_against_the_signed_docket()
    {
        using var client = await platform.ClientAsync("tx-proof");
        var register = await LedgerFlows.CreateRegisterAsync(client);
        var id = register.Str("id");
        var signer = Signer.New();
        var txs = Enumerable.Range(0, 5).Select(_ => LedgerFlows.Build(id, signer)).ToList();
        using (var batch = await client.PostAsync("/api/transactions/batch", LedgerFlows.BatchBody(txs)))
        {
            Assert.Equal(HttpStatusCode.OK, batch.StatusCode);
        }

        using (var early = await client.GetAsync($"/api/registers/{id}/transactions/{txs[3].TxId}/proof"))
        {
            await ProblemAssert.IsProblemAsync(early, HttpStatusCode.Conflict);
        }

        var dockets = await LedgerFlows.WaitUntilSealedAsync(client, id, 5);
        LedgerFlows.AssertContiguous(dockets, 5, id);
        var proof = await client.GetFromJsonAsync<JsonElement>($"/api/registers/{id}/transactions/{txs[3].TxId}/proof");
        var docket = proof.GetProperty("docket");
        Assert.Equal(3, proof.GetProperty("sequence").GetInt64());
        Assert.Equal(3 - docket.GetProperty("firstSequence").GetInt64(), proof.GetProperty("leafIndex").GetInt64());
        var size = docket.GetProperty("lastSequence").GetInt64() - docket.GetProperty("firstSequence").GetInt64() + 1;
        var path = proof.GetProperty("auditPath").EnumerateArray().Select(p => Convert.FromHexString(p.GetString()!)).ToList();
        var root = Convert.FromHexString(docket.Str("merkleRoot"));
        Assert.True(LedgerFlows.VerifyInclusion(Convert.FromHexString(txs[3].TxId), proof.GetProperty("leafIndex").GetInt64(), size, path, root));
        Assert.False(LedgerFlows.VerifyInclusion(Convert.FromHexString(txs[2].TxId), proof.GetProperty("leafIndex").GetInt64(), size, path, root));

        // The docket is signed by the register's own key over its docketHash (checked with an independent Ed25519).
        var verifier = new Org.BouncyCastle.Crypto.Signers.Ed25519Signer();
        verifier.Init(false, new Org.BouncyCastle.Crypto.Parameters.Ed25519PublicKeyParameters(Convert.FromBase64String(register.Str("publicKey")), 0));
        var docketHash = Convert.FromHexString(docket.Str("docketHash"));
        verifier.BlockUpdate(docketHash, 0, docketHash.Length);
        Assert.True(verifier.VerifySignature(Convert.FromBase64String(docket.Str("signature"))));

        // Once sealed, reads carry the docket number.
        var committed = await client.GetFromJsonAsync<JsonElement>($"/api/registers/{id}/transactions/{txs[3].TxId}");
        Assert.Equal(docket.GetProperty("number").GetInt64(), committed.GetProperty("docketNumber").GetInt64());
    }
}
