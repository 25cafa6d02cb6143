using System.Net;
using System.Text.Json;
using Sorcha.Contracts.Transactions;

namespace Sorcha.Client.Tests;

/// <summary>Routes, paging, escaping and bodies as the contract spells them.</summary>
public sealed class RequestTests
{
    private const string Wallet = """
        {"address":"ws1abc","name":"w","algorithm":"NISTP256","publicKey":"AQID","encryptionPublicKey":"BAUG","createdAt":"2025-01-01T00:00:00Z"}
        """;

    [Fact]
    public async Task Paths_keep_the_base_address_prefix_and_escape_ids()
    {
        var stub = new ScriptedHandler(_ => ScriptedHandler.Json(HttpStatusCode.OK, Wallet));
        using var http = stub.Client("http://sorcha.test/prefix/");
        var wallet = await new SorchaClient(http, TokenSource.Fixed("t0k")).Wallets.GetAsync("a/b c");

        Assert.Equal(Sorcha.Cryptography.SignatureAlgorithm.NISTP256, wallet.Algorithm);
        Assert.Equal([1, 2, 3], wallet.PublicKey);
        var (method, uri, authorization, _) = Assert.Single(stub.Requests);
        Assert.Equal(HttpMethod.Get, method);
        Assert.Equal("http://sorcha.test/prefix/api/wallets/a%2Fb%20c", uri.AbsoluteUri);
        Assert.Equal("Bearer t0k", authorization);
    }

    [Fact]
    public async Task Paging_is_sent_only_when_asked_for()
    {
        var stub = new ScriptedHandler(_ => ScriptedHandler.Json(HttpStatusCode.OK, $$"""{"items":[{{Wallet}}],"page":2,"pageSize":5,"totalCount":6}"""));
        using var http = stub.Client();
        var client = new SorchaClient(http);
        var page = await client.Wallets.ListAsync(2, 5);
        await client.Wallets.ListAsync();

        Assert.Equal((2, 5, 6L, 2L), (page.Page, page.PageSize, page.TotalCount, page.PageCount));
        Assert.Equal(["/api/wallets?page=2&pageSize=5", "/api/wallets"], stub.Requests.Select(r => r.Uri.PathAndQuery));
    }

    [Fact]
    public async Task Register_filters_are_sent_escaped_and_only_when_given_and_stats_read_their_counts()
    {
        var stub = new ScriptedHandler(request => request.RequestUri!.AbsolutePath.EndsWith("/stats", StringComparison.Ordinal)
            ? ScriptedHandler.Json(HttpStatusCode.OK, """{"height":3,"dockets":1,"lastSealedAt":null,"byType":{"Action":2}}""")
            : ScriptedHandler.Json(HttpStatusCode.OK, """{"items":[],"page":1,"pageSize":20,"totalCount":0}"""));
        using var http = stub.Client();
        var registers = new SorchaClient(http).Registers;
        await registers.GetTransactionsAsync("r", new RegisterTransactionFilter(Wallet: "ws1x", BlueprintId: "a&b={c}"), pageSize: 5);
        await registers.GetTransactionsAsync("r", new RegisterTransactionFilter(InstanceId: "i"));
        var stats = await registers.GetStatsAsync("r");

        Assert.Equal(["/api/registers/r/transactions?wallet=ws1x&blueprintId=a%26b%3D%7Bc%7D&pageSize=5",
            "/api/registers/r/transactions?instanceId=i", "/api/registers/r/stats"], stub.Requests.Select(r => r.Uri.PathAndQuery));
        Assert.Equal((3L, 1L, (string?)null, 2L), (stats.Height, stats.Dockets, stats.LastSealedAt, stats.ByType["Action"]));
    }

    [Fact]
    public async Task Templates_are_listed_read_instantiated_and_deleted_by_their_escaped_id()
    {
        const string Blueprint = """{"id":"b1","title":"t","description":null,"version":1,"published":false,"participants":[],"actions":[],"createdAt":"2025-01-01T00:00:00Z","updatedAt":"2025-01-01T00:00:00Z","publishedAt":null,"publishedVersion":null}""";
        const string Template = """{"id":"t/1","title":"t","description":null,"parameters":{"type":"object"},"template":{"title":"${title}"},"createdAt":"2025-01-01T00:00:00Z"}""";
        var stub = new ScriptedHandler(request => request.Method == HttpMethod.Delete ? new HttpResponseMessage(HttpStatusCode.NoContent)
            : ScriptedHandler.Json(HttpStatusCode.OK, request.RequestUri!.AbsolutePath.EndsWith("/instantiate", StringComparison.Ordinal) ? Blueprint
                : request.RequestUri.Query.Length > 0 ? $$"""{"items":[{{Template}}],"page":1,"pageSize":5,"totalCount":1}""" : Template));
        using var http = stub.Client();
        var templates = new SorchaClient(http).Templates;

        var listed = await templates.ListAsync(pageSize: 5);
        var template = await templates.GetAsync("t/1");
        var created = await templates.InstantiateAsync("t/1", new(new System.Text.Json.Nodes.JsonObject { ["title"] = "Loans" }));
        await templates.DeleteAsync("t/1");

        Assert.Equal(("t/1", "${title}", "b1"), (listed.Items[0].Id, template.Template["title"]!.GetValue<string>(), created.Id));
        Assert.Equal(["GET /api/templates?pageSize=5", "GET /api/templates/t%2F1", "POST /api/templates/t%2F1/instantiate", "DELETE /api/templates/t%2F1"],
            stub.Requests.Select(r => $"{r.Method} {r.Uri.PathAndQuery}"));
        Assert.Equal("""{"parameters":{"title":"Loans"}}""", stub.Requests[2].Body);
    }

    [Fact]
    public async Task Envelopes_leave_out_the_fields_their_scheme_has_not()
    {
        var stub = new ScriptedHandler(_ => ScriptedHandler.Json(HttpStatusCode.OK, """{"data":"AAE="}"""));
        using var http = stub.Client();
        var envelope = new Sorcha.Cryptography.Envelope("ECIES-X25519-HKDF-SHA256-AES256GCM", "ws1r", [9], null, [1], [2]);
        Assert.Equal([0, 1], await new SorchaClient(http).Wallets.DecryptAsync("ws1r", envelope));

        using var body = JsonDocument.Parse(Assert.Single(stub.Requests).Body!);
        Assert.Equal(["scheme", "recipient", "ephemeralPublicKey", "nonce", "ciphertext"], body.RootElement.EnumerateObject().Select(p => p.Name));
    }

    [Fact]
    public void An_action_payload_is_the_contracts_envelope_list_and_its_transaction_keeps_its_txId_through_JSON()
    {
        // The Blueprint service keeps a step's signed transaction as JSON while its commit is outstanding and commits it
        // from that JSON later: the txId must come out the same.
        var envelope = new Sorcha.Cryptography.Envelope("ECIES-X25519-HKDF-SHA256-AES256GCM", "ws1r", [9], null, [1], [2]);
        var payload = JsonSerializer.SerializeToElement(new ActionPayload([envelope]), SorchaJsonContext.Default.ActionPayload);
        var (transaction, txId) = TransactionSigner.Generate().Sign("r", payload, new TransactionMetadataDocument("Action", "b", "i", "a"));

        var json = JsonSerializer.SerializeToNode(transaction, SorchaJsonContext.Default.TransactionDocument)!;
        Assert.Equal("ws1r", (string?)json["payload"]!["envelopes"]![0]!["recipient"]);
        Assert.Null(json["payload"]!["envelopes"]![0]!["wrappedKey"]);
        Assert.Equal(txId, TransactionIds.Compute(JsonSerializer.Deserialize(json, SorchaJsonContext.Default.TransactionDocument)!));
    }

    [Fact]
    public async Task A_submission_tells_a_new_commit_from_an_idempotent_repeat()
    {
        var status = HttpStatusCode.Created;
        var (transaction, txId) = TransactionSigner.Generate().Sign("r", (System.Text.Json.Nodes.JsonNode?)null);
        var committed = JsonSerializer.Serialize(transaction, SorchaJsonContext.Default.TransactionDocument)[..^1]
                        + $$""","txId":"{{txId}}","sequence":0,"chainHash":"{{new string('0', 64)}}","committedAt":"2025-01-01T00:00:00.000Z"}""";
        using var http = new ScriptedHandler(_ => ScriptedHandler.Json(status, committed)).Client();
        var client = new SorchaClient(http);

        Assert.True((await client.Transactions.SubmitAsync(transaction)).Created);
        status = HttpStatusCode.OK;
        var repeat = await client.Transactions.SubmitAsync(transaction);
        Assert.False(repeat.Created);
        Assert.Equal(txId, repeat.Transaction.TxId);
        Assert.Null(repeat.Transaction.DocketNumber);
    }

    [Fact]
    public void Export_lines_are_told_apart_by_a_top_level_merkleRoot()
    {
        var docket = RegistersClient.ParseExportLine("""
            {"registerId":"r","number":0,"firstSequence":0,"lastSequence":0,"merkleRoot":"aa","previousDocketHash":"00","sealedAt":"2025-01-01T00:00:00.000Z","docketHash":"bb","signature":"cc"}
            """);
        Assert.Equal(("r", "2025-01-01T00:00:00.000Z"), (docket.Docket!.RegisterId, docket.Docket.SealedAt));
        Assert.Null(docket.Transaction);

        var (transaction, txId) = TransactionSigner.Generate().Sign("r", System.Text.Json.Nodes.JsonNode.Parse("""{"merkleRoot":"not a docket"}"""));
        var line = JsonSerializer.Serialize(transaction, SorchaJsonContext.Default.TransactionDocument)[..^1]
                   + $$""","txId":"{{txId}}","sequence":3,"chainHash":"{{new string('0', 64)}}","committedAt":"2025-01-01T00:00:00.000Z"}""";
        var entry = RegistersClient.ParseExportLine(line);
        Assert.Null(entry.Docket);
        Assert.Equal(3, entry.Transaction!.Sequence);
    }
}
