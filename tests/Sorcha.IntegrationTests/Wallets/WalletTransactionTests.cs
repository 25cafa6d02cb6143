using System.Net;
using System.Net.Http.Json;
using System.Security.Cryptography;
using System.Text.Json;
using Sorcha.Client;
using Sorcha.Contracts.Wallets;
using Sorcha.Cryptography;
using Sorcha.IntegrationTests.Client;
using Sorcha.IntegrationTests.Infrastructure;
using Sorcha.Testing.Platform.OpenApi;

namespace Sorcha.IntegrationTests.Wallets;

/// <summary><c>POST /api/wallets/{address}/transactions</c>: seal for every recipient and sign, in one call (docs/api.md).</summary>
[Collection(PlatformScope.Name)]
public sealed class WalletTransactionTests(PlatformFixture platform)
{
    [Theory]
    [InlineData(SignatureAlgorithm.ED25519)]
    [InlineData(SignatureAlgorithm.NISTP256)]
    public async Task A_prepared_transaction_commits_as_it_is_and_its_signature_verifies_over_the_committed_bytes(
        SignatureAlgorithm algorithm)
    {
        var alice = platform.Caller("prepare-alice");
        var bob = platform.Caller("prepare-bob");
        var sender = await alice.Wallets.CreateAsync("sender", algorithm);
        var recipient = await bob.Wallets.CreateAsync("recipient");
        var register = await alice.Registers.CreateAsync("prepared transactions");
        var forBob = RandomNumberGenerator.GetBytes(300);

        var prepared = await alice.Wallets.PrepareTransactionAsync(sender.Address, new PrepareTransactionRequest(register.Id,
            new PreparedMetadata(Type: "Note"), [new RecipientData(recipient.Address, Convert.ToBase64String(forBob)),
                new RecipientData(sender.Address, Convert.ToBase64String(new byte[] { 1, 2 }))]));
        var committed = (await alice.Transactions.SubmitAsync(prepared.Transaction)).Transaction;

        Assert.Equal(prepared.TxId, committed.TxId);
        Assert.Null(TransactionIds.Check(committed));
        Assert.Equal(sender.Address, committed.Sender);
        Assert.Equal(sender.PublicKey, committed.PublicKey);
        var payload = committed.Payload.Deserialize(SorchaJsonContext.Default.ActionPayload)!;
        Assert.Equal(new[] { recipient.Address, sender.Address }, payload.Envelopes.Select(e => e.Recipient));
        Assert.Equal(forBob, await bob.Wallets.DecryptAsync(recipient.Address, payload.Envelopes[0]));
        Assert.Equal(new byte[] { 1, 2 }, await alice.Wallets.DecryptAsync(sender.Address, payload.Envelopes[1]));
    }

    [Fact]
    public async Task Another_callers_wallet_is_a_404_problem()
    {
        var alice = platform.Caller("prepare-owner");
        var mallory = platform.Caller("prepare-mallory");
        var wallet = await alice.Wallets.CreateAsync("not mallory's");

        var refused = await Assert.ThrowsAsync<SorchaApiException>(() => mallory.Wallets.PrepareTransactionAsync(wallet.Address,
            new PrepareTransactionRequest("r1", null, [new RecipientData(wallet.Address, Convert.ToBase64String(new byte[] { 1 }))])));

        Assert.Equal(404, refused.Status);
        Assert.Equal("Wallet not found", refused.Title);
    }

    [Fact]
    public async Task An_unknown_recipient_is_a_422_problem_naming_it()
    {
        var alice = platform.Caller("prepare-unknown");
        var wallet = await alice.Wallets.CreateAsync("sender");
        var nobody = Addresses.FromPublicKey(SignatureAlgorithm.ED25519, Signatures.Generate(SignatureAlgorithm.ED25519).PublicKey);

        var refused = await Assert.ThrowsAsync<SorchaApiException>(() => alice.Wallets.PrepareTransactionAsync(wallet.Address,
            new PrepareTransactionRequest("r1", null, [new RecipientData(nobody, Convert.ToBase64String(new byte[] { 1 }))])));

        Assert.Equal(422, refused.Status);
        Assert.Contains(nobody, refused.Detail);
    }

    [Fact]
    public async Task Malformed_fields_are_a_400_problem_naming_each()
    {
        using var invalidOnPurpose = OpenApiValidatingHandler.BadInputScope();
        using var http = await platform.ClientAsync("prepare-bad-input");
        var wallet = (await WalletFlows.CreateAsync(http, SignatureAlgorithm.ED25519)).Address;

        var response = await http.PostAsJsonAsync($"/api/wallets/{wallet}/transactions", new
        {
            registerId = "",
            recipients = new object?[] { new { recipient = "ws1nope", data = "AQ==" }, new { recipient = wallet, data = "not base64" }, null },
        });

        var errors = ProblemAssert.ErrorKeys(await ProblemAssert.ReadAsync(response, HttpStatusCode.BadRequest));
        Assert.Superset(new HashSet<string> { "registerId", "recipients[0].recipient", "recipients[1].data", "recipients[2]" }, errors.ToHashSet());
    }

    [Fact]
    public async Task More_recipients_than_the_limit_is_a_400_problem_and_more_data_than_1_MiB_in_all_is_a_413()
    {
        var alice = platform.Caller("prepare-limits");
        var wallet = await alice.Wallets.CreateAsync("sender");
        var tooMany = Enumerable.Repeat(new RecipientData(wallet.Address, Convert.ToBase64String(new byte[] { 1 })), 101).ToList();
        var half = new byte[600 * 1024];

        var many = await Assert.ThrowsAsync<SorchaApiException>(() => alice.Wallets.PrepareTransactionAsync(wallet.Address,
            new PrepareTransactionRequest("r1", null, tooMany)));
        var large = await Assert.ThrowsAsync<SorchaApiException>(() => alice.Wallets.PrepareTransactionAsync(wallet.Address,
            new PrepareTransactionRequest("r1", null, [new RecipientData(wallet.Address, Convert.ToBase64String(half)), new RecipientData(wallet.Address, Convert.ToBase64String(half))])));

        Assert.Equal(400, many.Status);
        Assert.Contains("recipients", many.Errors.Keys);
        Assert.Equal(413, large.Status);
    }

    [Fact]
    public async Task Malformed_attachments_are_a_400_naming_each_and_a_file_counts_once_per_recipient_towards_1_MiB()
    {
        using (var invalidOnPurpose = OpenApiValidatingHandler.BadInputScope())
        {
            using var http = await platform.ClientAsync("prepare-attachments-bad");
            var wallet = (await WalletFlows.CreateAsync(http, SignatureAlgorithm.ED25519)).Address;
            var response = await http.PostAsJsonAsync($"/api/wallets/{wallet}/transactions", new
            {
                registerId = "r1",
                recipients = Array.Empty<object>(),
                attachments = new object?[]
                {
                    new { name = "", contentType = "text/plain", data = "AQ==", recipients = new List<string> { wallet } },
                    new { name = "a", contentType = "text/plain", data = "AQ", recipients = new List<string> { "ws1nope" } },
                    null,
                },
            });

            var errors = ProblemAssert.ErrorKeys(await ProblemAssert.ReadAsync(response, HttpStatusCode.BadRequest));
            Assert.Superset(new HashSet<string> { "attachments[0].name", "attachments[1].data", "attachments[1].recipients[0]", "attachments[2]" },
                errors.ToHashSet());
        }

        var alice = platform.Caller("prepare-attachments-limit");
        var sender = await alice.Wallets.CreateAsync("sender");
        var other = await alice.Wallets.CreateAsync("other");
        var file = new byte[400 * 1024];
        var once = await alice.Wallets.PrepareTransactionAsync(sender.Address, new PrepareTransactionRequest("r1", null, [],
            [new AttachmentData("f.bin", "application/octet-stream", Convert.ToBase64String(file), [sender.Address, other.Address])]));
        var recorded = Assert.Single(once.Transaction.Payload.Deserialize<ActionPayload>(Json.Options)!.Attachments ?? []);
        Assert.Equal(Convert.ToHexStringLower(SHA256.HashData(file)), recorded.Sha256);
        Assert.Equal(file.Length, recorded.Size);
        Assert.Equal(2, recorded.Envelopes.Count);

        // Sealed for three recipients, 400 KiB is 1.2 MiB: over the limit however it is split.
        var thrice = await Assert.ThrowsAsync<SorchaApiException>(() => alice.Wallets.PrepareTransactionAsync(sender.Address,
            new PrepareTransactionRequest("r1", null, [],
                [new AttachmentData("f.bin", "application/octet-stream", Convert.ToBase64String(file), [sender.Address, other.Address, sender.Address])])));
        Assert.Equal(413, thrice.Status);
    }
}
