using System.Net;
using System.Text.Json.Nodes;
using Sorcha.Cryptography;
using Sorcha.Client;
using Sorcha.Testing.Registers;

namespace Sorcha.Transaction.Service.Tests;

/// <summary>Every refused submission is a 4xx problem document and commits nothing: the register's height stays put.</summary>
[Collection(TransactionScope.Name)]
public sealed class TransactionBadInputTests(TransactionServices services)
{
    /// <summary>A caller's raw HTTP client (the tests send hand-built wire JSON) and a fresh register of its own.</summary>
    private async Task<(SorchaClient Sorcha, HttpClient Client, string Id)> CallerWithRegisterAsync(string clientId)
    {
        var sorcha = services.Client(clientId);
        var register = await sorcha.Registers.CreateAsync("transaction test");
        return (sorcha, sorcha.Http, register.Id);
    }

    private static async Task<long> HeightAsync(SorchaClient sorcha, string id) => (await sorcha.Registers.GetAsync(id)).Height;

    public static TheoryData<string> Rejections() => ["bad signature", "address of another key", "tampered after signing",
        "timestamp changed after signing", "nistp256 signed", "unknown register"];

    [Theory]
    [MemberData(nameof(Rejections))]
    public async Task Well_formed_but_unauthentic_or_misdirected_is_422_and_commits_nothing(string reason)
    {
        var (sorcha, client, id) = await CallerWithRegisterAsync("tx-422");
        var signer = Signer.New();
        var tx = reason switch
        {
            "bad signature" => RegisterFlows.Build(id, signer, afterSigning: t =>
                t["signature"] = Convert.ToBase64String(Signatures.Sign(signer.Algorithm, signer.Keys.PrivateKey, new byte[32]))),
            "address of another key" => RegisterFlows.Build(id, signer, beforeSigning: t => t["sender"] = Signer.New().Address),
            "tampered after signing" => RegisterFlows.Build(id, signer, afterSigning: t => t["payload"]!["n"] = "tampered"),
            "timestamp changed after signing" => RegisterFlows.Build(id, signer, beforeSigning: t => t["timestamp"] = "2024-01-01T00:00:00Z",
                afterSigning: t => t["timestamp"] = "2024-01-01T00:00:01Z"),
            "nistp256 signed" => RegisterFlows.Build(id, Signer.New(SignatureAlgorithm.NISTP256), afterSigning: t => t["payload"] = 1),
            _ => RegisterFlows.Build(Guid.NewGuid().ToString("N"), signer),
        };

        using var response = await client.PostAsync("/api/transactions", RegisterFlows.Body(tx.Json));
        var problem = await ProblemAssert.ReadAsync(response, HttpStatusCode.UnprocessableEntity);
        Assert.False(string.IsNullOrWhiteSpace(problem.Detail));
        if (reason == "unknown register")
        {
            Assert.Contains("unknown register", problem.Detail, StringComparison.Ordinal);
        }

        Assert.Equal(0, await HeightAsync(sorcha, id));
        using var located = await client.GetAsync($"/api/transactions/{tx.TxId}");
        Assert.Equal(HttpStatusCode.NotFound, located.StatusCode);
    }

    [Fact]
    public async Task A_valid_nistp256_transaction_commits()
    {
        var (_, client, id) = await CallerWithRegisterAsync("tx-p256");
        var tx = RegisterFlows.Build(id, Signer.New(SignatureAlgorithm.NISTP256));
        var committed = await RegisterFlows.SubmitAsync(client, tx, HttpStatusCode.Created);
        Assert.Equal(tx.TxId, committed.TxId);
        Assert.Equal(SignatureAlgorithm.NISTP256, committed.Algorithm);
    }

    [Theory]
    [InlineData("{not json", "$")]
    [InlineData("", "$")]
    [InlineData("[]", "$")]
    [InlineData("{\"registerId\":5}", "sender")]
    public async Task Malformed_or_incomplete_is_400_listing_the_fields_and_commits_nothing(string body, string field)
    {
        var (sorcha, client, id) = await CallerWithRegisterAsync("tx-400");
        using var response = await client.PostAsync("/api/transactions", RegisterFlows.Body(body));
        var problem = await ProblemAssert.ReadAsync(response, HttpStatusCode.BadRequest);
        Assert.Contains(field, ProblemAssert.ErrorKeys(problem));
        Assert.Equal(0, await HeightAsync(sorcha, id));
    }

    [Fact]
    public async Task Every_bad_field_is_listed_at_once()
    {
        var (sorcha, client, id) = await CallerWithRegisterAsync("tx-400-all");
        var tx = RegisterFlows.Build(id, Signer.New(), afterSigning: t =>
        {
            t["algorithm"] = "DSA";
            t["timestamp"] = "yesterday";
            t["publicKey"] = "not base64!";
            t["extra"] = true;
        });
        using var response = await client.PostAsync("/api/transactions", RegisterFlows.Body(tx.Json));
        var errors = ProblemAssert.ErrorKeys(await ProblemAssert.ReadAsync(response, HttpStatusCode.BadRequest));
        Assert.Superset(new HashSet<string> { "algorithm", "timestamp", "publicKey" }, errors.ToHashSet());
        Assert.True(errors.Count >= 4, string.Join(", ", errors));
        Assert.Equal(0, await HeightAsync(sorcha, id));
    }

    [Fact]
    public async Task A_transaction_over_one_MiB_is_413_and_commits_nothing()
    {
        var (sorcha, client, id) = await CallerWithRegisterAsync("tx-413");
        var tx = RegisterFlows.Build(id, Signer.New(), JsonValue.Create(new string('x', 1024 * 1024)));
        using var response = await client.PostAsync("/api/transactions", RegisterFlows.Body(tx.Json));
        await ProblemAssert.IsProblemAsync(response, HttpStatusCode.RequestEntityTooLarge);

        // In a batch, the oversized item alone is 413.
        var small = RegisterFlows.Build(id, Signer.New());
        using var batch = await client.PostAsync("/api/transactions/batch", RegisterFlows.BatchBody([tx, small]));
        var results = (await Json.ReadAsync<SubmittedBatch>(batch)).Results;
        Assert.Equal([413, 201], results.Select(r => r.Status));
        Assert.Equal(1, await HeightAsync(sorcha, id));
    }

    [Fact]
    public async Task A_batch_of_more_than_1000_or_not_a_batch_is_400_and_commits_nothing()
    {
        var (sorcha, client, id) = await CallerWithRegisterAsync("tx-batch-400");
        var signer = Signer.New();
        var one = RegisterFlows.Build(id, signer);
        using var tooMany = await client.PostAsync("/api/transactions/batch", RegisterFlows.BatchBody(Enumerable.Repeat(one, 1001)));
        var problem = await ProblemAssert.ReadAsync(tooMany, HttpStatusCode.BadRequest);
        Assert.Contains("transactions", ProblemAssert.ErrorKeys(problem));

        foreach (var body in new[] { "{\"transactions\":[]}", "{\"transactions\":{}}", "[]", "{oops" })
        {
            using var response = await client.PostAsync("/api/transactions/batch", RegisterFlows.Body(body));
            await ProblemAssert.IsProblemAsync(response, HttpStatusCode.BadRequest);
        }

        Assert.Equal(0, await HeightAsync(sorcha, id));
    }
}
