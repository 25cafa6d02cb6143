using System.Net;
using System.Text;
using Sorcha.Client;
using Sorcha.IntegrationTests.Infrastructure;
using Sorcha.Ledger.Verification;
using Sorcha.Verify;
using StackExchange.Redis;

namespace Sorcha.IntegrationTests.Registers;

/// <summary>
/// A transaction altered directly in Redis (what an attacker or a bad disk with access to the store could do) is
/// named by its sequence, both by the register's verify endpoint and by the offline verifier run on the export.
/// </summary>
[Trait(Rerun.Trait, Rerun.Replicas)]
[Trait(Rerun.Trait, Rerun.Cluster)]
[Collection(PlatformScope.Name)]
public sealed class TamperDetectionTests(PlatformFixture platform)
{
    private const long Tampered = 7;

    [Fact]
    public async Task A_transaction_altered_in_Redis_is_named_by_verify_and_by_the_offline_verifier()
    {
        using var client = await platform.ClientAsync("ledger-tamper");
        var register = await RegisterFlows.RegisterAsync(client, "tamper");
        var id = register.Id;
        var signer = Signer.New();
        var txs = Enumerable.Range(0, 150).Select(_ => RegisterFlows.Build(id, signer)).ToList();
        using (var batch = await client.PostAsync("/api/transactions/batch", RegisterFlows.BatchBody(txs)))
        {
            Assert.Equal(HttpStatusCode.OK, batch.StatusCode);
        }

        var dockets = await RegisterFlows.WaitUntilSealedAsync(client, id, txs.Count);
        RegisterFlows.AssertContiguous(dockets, txs.Count, id);
        var before = await Json.GetAsync<VerificationResult>(client, $"/api/registers/{id}/verify");
        Assert.True(before.Valid, before.ToString());
        var (validCode, validReport) = await VerifyExportOfflineAsync(client, id, Convert.ToBase64String(register.PublicKey));
        Assert.True(validCode == VerifyCommand.Valid, validReport);

        // Change the payload of one stored transaction, keeping it well-formed JSON.
        using (var redis = await ConnectionMultiplexer.ConnectAsync(platform.Redis.ConnectionString))
        {
            var key = $"reg:{{{id}}}:tx";
            var stored = (string)(await redis.GetDatabase().HashGetAsync(key, Tampered))!;
            var altered = stored.Replace(txs[(int)Tampered].Node["payload"]!["n"]!.GetValue<string>(), "forged", StringComparison.Ordinal);
            Assert.NotEqual(stored, altered);
            await redis.GetDatabase().HashSetAsync(key, Tampered, altered);
        }

        var after = await Json.GetAsync<VerificationResult>(client, $"/api/registers/{id}/verify");
        Assert.False(after.Valid, after.ToString());
        Assert.Equal(Tampered, after.FirstInvalidSequence);
        Assert.Equal(Tampered, after.CheckedTransactions);

        var (code, report) = await VerifyExportOfflineAsync(client, id, Convert.ToBase64String(register.PublicKey));
        Assert.True(code == VerifyCommand.Invalid, report);
        Assert.Contains($"INVALID at sequence {Tampered}", report, StringComparison.Ordinal);
    }

    internal static async Task<(int Code, string Report)> VerifyExportOfflineAsync(HttpClient client, string id, string publicKey)
    {
        var path = Path.Combine(Path.GetTempPath(), $"sorcha-export-{id}.ndjson");
        try
        {
            using (var response = await client.GetAsync($"/api/registers/{id}/export", HttpCompletionOption.ResponseHeadersRead))
            {
                Assert.Equal(HttpStatusCode.OK, response.StatusCode);
                Assert.Equal("application/x-ndjson", response.Content.Headers.ContentType?.MediaType);
                await using var file = File.Create(path);
                await response.Content.CopyToAsync(file);
            }

            var report = new StringWriter();
            var code = await VerifyCommand.RunAsync([path, "--public-key", publicKey], report, report);
            return (code, report.ToString());
        }
        finally
        {
            File.Delete(path);
        }
    }
}
