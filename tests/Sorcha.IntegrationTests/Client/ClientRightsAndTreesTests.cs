using System.Text.Json.Nodes;
using Sorcha.Client;
using Sorcha.Cryptography;
using Sorcha.IntegrationTests.Infrastructure;
using Sorcha.Ledger.Dockets;

namespace Sorcha.IntegrationTests.Client;

/// <summary>Register writers and consistency proofs through Sorcha.Client.</summary>
[Collection(PlatformScope.Name)]
public sealed class ClientRightsAndTreesTests(PlatformFixture platform)
{
    [Fact]
    public async Task Owner_grants_and_revokes_a_writer_and_a_client_checks_a_consistency_proof()
    {
        var bobSubject = $"client-rights-bob-{Guid.NewGuid():N}";
        var alice = platform.Caller("rights-alice");
        var bob = SorchaClient.ForDevCaller(platform.Gateway, bobSubject, platform.Options.DevClientSecret);
        var register = await alice.Registers.CreateAsync("client rights");
        var signer = TransactionSigner.Generate();

        var refused = await Assert.ThrowsAsync<SorchaApiException>(() => bob.Transactions.SubmitAsync(signer.Sign(register.Id, new JsonObject()).Transaction));
        Assert.Equal(403, refused.Status);
        await alice.Registers.GrantWriterAsync(register.Id, bobSubject);
        Assert.Equal([bobSubject], (await bob.Registers.GetWritersAsync(register.Id)).Writers);
        Assert.True((await bob.Transactions.SubmitAsync(signer.Sign(register.Id, new JsonObject { ["n"] = 1 }).Transaction)).Created);
        await alice.Registers.RevokeWriterAsync(register.Id, bobSubject);
        Assert.Equal(403, (await Assert.ThrowsAsync<SorchaApiException>(() =>
            bob.Transactions.SubmitAsync(signer.Sign(register.Id, new JsonObject { ["n"] = 2 }).Transaction))).Status);

        // Two dockets: the first is sealed before the second batch is sent.
        await alice.Transactions.SubmitBatchAsync([.. Enumerable.Range(0, 99).Select(i => signer.Sign(register.Id, new JsonObject { ["i"] = i }).Transaction)]);
        var first = await DocketAsync(alice, register.Id, 0);
        await alice.Transactions.SubmitBatchAsync([.. Enumerable.Range(0, 50).Select(i => signer.Sign(register.Id, new JsonObject { ["j"] = i }).Transaction)]);
        var second = await DocketAsync(alice, register.Id, 1);

        var proof = await alice.Registers.GetConsistencyProofAsync(register.Id, first.Number, second.Number);
        Assert.Equal((100L, 150L), (proof.From.TreeSize, proof.To.TreeSize));
        Assert.True(MerkleConsistency.Verify(proof.From.TreeSize!.Value, proof.To.TreeSize!.Value, Hashes.FromHex(proof.From.TreeRoot!),
            Hashes.FromHex(proof.To.TreeRoot!), [.. proof.Proof.Select(Hashes.FromHex)]));
    }

    private static async Task<Docket> DocketAsync(SorchaClient client, string registerId, long number)
    {
        for (var attempt = 0; ; attempt++)
        {
            try
            {
                return await client.Registers.GetDocketAsync(registerId, number);
            }
            catch (SorchaApiException e) when (e.Status == 404 && attempt < 200)
            {
                await Task.Delay(100);
            }
        }
    }
}
