using System.Security.Cryptography;
using System.Text.Json.Nodes;
using Sorcha.Client;
using Sorcha.Contracts.Registers;
using Sorcha.Contracts.Transactions;
using Sorcha.Contracts.Wallets;
using Sorcha.Cryptography;
using Sorcha.IntegrationTests.Infrastructure;
using Sorcha.Ledger.Dockets;

namespace Sorcha.IntegrationTests.Client;

/// <summary>
/// One whole journey through Sorcha.Client against the real platform: wallets, a client-signed transaction in a
/// register (read back, proven, verified, exported), a blueprint created, edited and published, and an instance run to
/// its end by three callers, each submitting with the wallet it owns.
/// </summary>
[Collection(PlatformScope.Name)]
public sealed class SorchaClientFlowTests(PlatformFixture platform)
{
    [Fact]
    public async Task A_full_flow_runs_through_the_typed_client()
    {
        var alice = platform.Caller("alice");
        var bob = platform.Caller("bob");
        var carol = platform.Caller("carol");
        Assert.True((await alice.GetHealthAsync()).IsHealthy);

        var wallets = new[] { await WalletsAsync(alice, bob), await bob.Wallets.CreateAsync("bob"), await carol.Wallets.CreateAsync("carol") };
        var register = await alice.Registers.CreateAsync("client flow");
        await TransactionsAsync(alice, register);
        await WorkflowAsync([alice, bob, carol], wallets, register);
    }

    /// <summary>Create, list, get, sign (checked locally and by the service), encrypt to bob and decrypt as bob, recover, delete.</summary>
    private static async Task<WalletDto> WalletsAsync(SorchaClient alice, SorchaClient bob)
    {
        var wallet = await alice.Wallets.CreateAsync("alice");
        Assert.Equal(24, wallet.Mnemonic!.Split(' ').Length);
        Assert.True(Addresses.Matches(wallet.Address, SignatureAlgorithm.ED25519, wallet.PublicKey));
        Assert.Equal(wallet.PublicKey, (await alice.Wallets.GetAsync(wallet.Address)).PublicKey);
        Assert.Contains((await alice.Wallets.ListAsync(1, 100)).Items, w => w.Address == wallet.Address);

        var data = RandomNumberGenerator.GetBytes(32);
        var signed = await alice.Wallets.SignAsync(wallet.Address, data);
        Assert.True(Signatures.Verify(SignatureAlgorithm.ED25519, wallet.PublicKey, data, signed.Signature));
        Assert.True(await alice.Wallets.VerifyAsync(signed.Algorithm, signed.PublicKey, data, signed.Signature));
        Assert.False(await alice.Wallets.VerifyAsync(signed.Algorithm, signed.PublicKey, [.. data.Reverse()], signed.Signature));

        var bobs = await bob.Wallets.CreateAsync("bob's inbox", SignatureAlgorithm.NISTP256);
        var envelope = await alice.Wallets.EncryptAsync(wallet.Address, bobs.Address, data);
        Assert.Equal(bobs.Address, envelope.Recipient);
        Assert.Equal(data, await bob.Wallets.DecryptAsync(bobs.Address, envelope));

        await bob.Wallets.DeleteAsync(bobs.Address);
        var recovered = await bob.Wallets.RecoverAsync("bob again", SignatureAlgorithm.NISTP256, bobs.Mnemonic!);
        Assert.Equal(bobs.Address, recovered.Address);
        Assert.Equal(data, await bob.Wallets.DecryptAsync(recovered.Address, envelope));
        return wallet;
    }

    /// <summary>A client-signed transaction committed (then idempotent), batched, located, proven, verified and exported.</summary>
    private static async Task TransactionsAsync(SorchaClient alice, RegisterDto register)
    {
        var signer = TransactionSigner.Generate();
        var (transaction, txId) = signer.Sign(register.Id, new JsonObject { ["note"] = "é \"quoted\"", ["n"] = 1.5 },
            new TransactionMetadataDocument(Type: "Note"));
        var first = await alice.Transactions.SubmitAsync(transaction);
        Assert.True(first.Created);
        Assert.Equal((txId, 0L), (first.Transaction.TxId, first.Transaction.Sequence));
        var again = await alice.Transactions.SubmitAsync(transaction);
        Assert.False(again.Created);
        Assert.Equal(txId, again.Transaction.TxId);

        var batch = await alice.Transactions.SubmitBatchAsync([signer.Sign(register.Id, (JsonNode?)null).Transaction,
            signer.Sign(register.Id, new JsonArray(1, 2, 3)).Transaction]);
        Assert.All(batch, r => Assert.Equal(201, r.Status));
        Assert.Equal([1L, 2L], batch.Select(r => r.Transaction!.Sequence));

        Assert.Equal(new TransactionLocation(txId, register.Id, 0), await alice.Transactions.GetAsync(txId));
        var read = await alice.Registers.GetTransactionAsync(register.Id, txId);
        Assert.Null(TransactionIds.Check(read));
        Assert.Equal("é \"quoted\"", read.Payload.GetProperty("note").GetString());
        Assert.Equal([0L, 1L, 2L], (await alice.Registers.GetTransactionsAsync(register.Id, 1, 10)).Items.Select(t => t.Sequence));
        Assert.True((await alice.Transactions.GetLimitsAsync()).MaxBatchSize > 0);

        var proof = await ProofAsync(alice, register.Id, txId);
        Assert.True(Merkle.VerifyInclusion(Hashes.FromHex(txId), proof.LeafIndex, proof.Docket.LastSequence - proof.Docket.FirstSequence + 1,
            [.. proof.AuditPath.Select(Hashes.FromHex)], Hashes.FromHex(proof.Docket.MerkleRoot)));
        Assert.Equal(proof.Docket, await alice.Registers.GetDocketAsync(register.Id, proof.Docket.Number));
        Assert.NotEmpty((await alice.Registers.GetDocketsAsync(register.Id)).Items);

        var verification = await alice.Registers.VerifyAsync(register.Id);
        Assert.True(verification.Valid, verification.Reason);
        var exported = await alice.Registers.ExportAsync(register.Id).ToListAsync();
        Assert.Equal([txId], exported.Where(e => e.Transaction?.Sequence == 0).Select(e => e.Transaction!.TxId));
        Assert.Contains(exported, e => e.Docket is not null);
        Assert.Equal(3, (await alice.Registers.GetAsync(register.Id)).Height);
    }

    /// <summary>Dockets seal within about a second; until then the proof is 409.</summary>
    private static async Task<InclusionProof> ProofAsync(SorchaClient client, string registerId, string txId)
    {
        for (var attempt = 0; ; attempt++)
        {
            try
            {
                return await client.Registers.GetProofAsync(registerId, txId);
            }
            catch (SorchaApiException e) when (e.Status == 409 && attempt < 50)
            {
                await Task.Delay(200);
            }
        }
    }

    /// <summary>The expense sample: create, edit, publish, dry-run, then an instance run to its end by its three participants.</summary>
    private static async Task WorkflowAsync(SorchaClient[] callers, WalletDto[] wallets, RegisterDto register)
    {
        var alice = callers[0];
        var draft = await alice.Blueprints.CreateAsync(ClientCallers.SampleBlueprint("expense-approval"));
        Assert.Equal(1, draft.Version);
        var edited = await alice.Blueprints.UpdateAsync(draft.Id!, draft.ToDocument() with { Description = "edited through the client" });
        Assert.Equal((2, "edited through the client"), (edited.Version, edited.Description));
        var published = await alice.Blueprints.PublishAsync(draft.Id!);
        Assert.True(published.Published);
        Assert.Contains((await alice.Blueprints.ListAsync(1, 100)).Items, b => b.Id == draft.Id);

        var claim = new JsonObject
        {
            ["employeeName"] = "Ada", ["employeeEmail"] = "ada@example.com", ["expenseDate"] = "2025-03-14", ["category"] = "travel",
            ["amount"] = 1500, ["currency"] = "GBP", ["description"] = "Flights",
        };
        Assert.True((await callers[1].Execution.ValidateAsync(draft.Id!, "submit", claim)).Valid);
        Assert.Equal(1800, (await callers[1].Execution.CalculateAsync(draft.Id!, "submit", claim))["total"]!.GetValue<double>());
        Assert.Equal("approve", (await callers[1].Execution.RouteAsync(draft.Id!, "submit", claim)).NextActionId);
        Assert.Equal(3, (await callers[1].Execution.DiscloseAsync(draft.Id!, "submit", claim)).Count);

        var bindings = new Dictionary<string, string> { ["employee"] = wallets[0].Address, ["manager"] = wallets[1].Address, ["finance"] = wallets[2].Address };
        var instance = await alice.Instances.CreateAsync(draft.Id!, register.Id, bindings);
        Assert.Equal("submit", instance.NextActionId);
        var receipts = new[]
        {
            await callers[0].Instances.SubmitActionAsync(instance.InstanceId, "submit", wallets[0].Address, claim),
            await callers[1].Instances.SubmitActionAsync(instance.InstanceId, "approve", wallets[1].Address,
                new JsonObject { ["decision"] = "approved", ["approvedAmount"] = 1500 }),
            await callers[2].Instances.SubmitActionAsync(instance.InstanceId, "finance-review", wallets[2].Address, new JsonObject { ["paid"] = true }),
        };
        Assert.Equal(["approve", "finance-review", null], receipts.Select(r => r.NextActionId));
        Assert.Equal(300, receipts[0].Calculated["tax"]!.GetValue<double>());
        Assert.All(receipts, r => Assert.Equal(bindings.Values.Order(), r.Recipients.Order()));

        var state = await callers[2].Instances.GetAsync(instance.InstanceId);
        Assert.True(state.IsComplete());
        Assert.Equal(receipts.Select(r => r.TxId), state.TxIds);
        var committed = await callers[2].Registers.GetTransactionAsync(register.Id, receipts[1].TxId);
        Assert.Null(TransactionIds.Check(committed));
        Assert.Equal(new TransactionMetadataDocument("Action", draft.Id, instance.InstanceId, "approve"), committed.Metadata);
        Assert.Equal(wallets[1].Address, committed.Sender);
    }
}
