using System.Net;
using System.Text.Json;
using Sorcha.Client;
using Sorcha.Contracts.Wallets;
using Sorcha.Contracts.Instances;
using Sorcha.Cryptography;
using Sorcha.IntegrationTests.Infrastructure;

namespace Sorcha.IntegrationTests.Wallets;

/// <summary>
/// Derived addresses across the processes, through the gateway: one is a wallet of its owner to the Blueprint service
/// (bound as a participant, in the owner's inbox, the sender of a step, the recipient of a later step's disclosure) and
/// nobody else's; PATCH renames and tags; a 12-word mnemonic with a passphrase recovers the wallet and its addresses.
/// </summary>
[Trait(Rerun.Trait, Rerun.Replicas)]
[Trait(Rerun.Trait, Rerun.Cluster)]
[Collection(PlatformScope.Name)]
public sealed class DerivedAddressWorkflowTests(PlatformFixture platform)
{
    [Fact]
    public async Task A_derived_address_acts_in_an_instance_for_its_owner_only()
    {
        var suffix = Guid.NewGuid().ToString("N")[..8];
        using var ownerHttp = await platform.ClientAsync("derived-owner-" + suffix);
        using var managerHttp = await platform.ClientAsync("derived-manager-" + suffix);
        var (owner, manager) = (new SorchaClient(ownerHttp), new SorchaClient(managerHttp));
        var wallet = await owner.Wallets.CreateAsync("derived owner");
        var derived = await owner.Wallets.DeriveAddressAsync(wallet.Address);
        Assert.Equal((wallet.Address, (int?)1, "derived owner #1"), (derived.Parent, derived.Account, derived.Name));
        Assert.NotEqual(wallet.Address, derived.Address);
        Assert.True(Addresses.Matches(derived.Address, SignatureAlgorithm.ED25519, derived.PublicKey));
        Assert.Equal([derived.Address], (await owner.Wallets.ListAddressesAsync(wallet.Address)).Items.Select(w => w.Address));

        var managerWallet = await InstanceFlows.WalletAsync(managerHttp, "NISTP256");
        var blueprint = await BlueprintFlows.PublishedAsync(ownerHttp, "expense-approval");
        var register = await InstanceFlows.RegisterAsync(ownerHttp);
        var instance = await InstanceFlows.InstanceAsync(ownerHttp, blueprint, register,
            new Dictionary<string, string> { ["employee"] = derived.Address, ["manager"] = managerWallet, ["finance"] = managerWallet });

        // The owner's token finds the step waiting for the derived address, and submits it with that address as sender.
        await AssertInboxAsync(owner, instance, "submit", derived.Address);
        var submitted = await Json.PostAsync<SubmitActionResponse>(ownerHttp, $"/api/instances/{instance}/actions/submit",
            new { sender = derived.Address, data = InstanceFlows.Claim }, HttpStatusCode.Created);
        Assert.Equal("approve", submitted.NextActionId);
        Assert.Equal(derived.Address, (await owner.Registers.GetTransactionAsync(register, submitted.TxId)).Sender);
        await AssertInboxAsync(owner, instance, null, null);

        // The manager's decision is disclosed to the employee, i.e. sealed for the derived address: its keys open it,
        // the wallet's own (account 0) do not.
        var approved = await manager.Instances.SubmitActionAsync(instance, "approve", managerWallet,
            JsonSerializer.SerializeToNode(new { decision = "approved", approvedAmount = 120.5, comment = "Fine" }));
        Assert.Null(approved.NextActionId);
        var payload = (await owner.Registers.GetTransactionAsync(register, approved.TxId)).Payload.Deserialize<ActionPayload>(Json.Options)!;
        var envelope = payload.Envelopes.Single(e => e.Recipient == derived.Address);
        var opened = JsonDocument.Parse(await owner.Wallets.DecryptAsync(derived.Address, envelope)).RootElement;
        var sealedForDerived = JsonSerializer.SerializeToElement(envelope, Json.Options); // as the client sends it, nulls left out
        Assert.Equal(["comment", "decision"], opened.EnumerateObject().Select(p => p.Name).Order(StringComparer.Ordinal));
        Assert.Equal(("approved", "Fine"), (opened.Str("decision"), opened.Str("comment")));
        await ProblemAssert.RefusedAsync(ownerHttp, HttpMethod.Post, $"/api/wallets/{wallet.Address}/decrypt", sealedForDerived,
            HttpStatusCode.UnprocessableEntity);
        Assert.Equal("completed", (await owner.Instances.GetAsync(instance)).State);

        // PATCH renames and tags the wallet and its derived address; reads show it.
        await owner.Wallets.UpdateAsync(wallet.Address, name: "renamed",
            tags: new Dictionary<string, string?> { ["team"] = "ops", ["env"] = "test" });
        await owner.Wallets.UpdateAsync(wallet.Address, tags: new Dictionary<string, string?> { ["env"] = null });
        await owner.Wallets.UpdateAsync(derived.Address, tags: new Dictionary<string, string?> { ["role"] = "employee" });
        var read = await owner.Wallets.GetAsync(wallet.Address);
        Assert.Equal("renamed", read.Name);
        Assert.Equal(new Dictionary<string, string> { ["team"] = "ops" }, read.Tags);
        var readDerived = await owner.Wallets.GetAsync(derived.Address);
        Assert.Equal(("derived owner #1", "employee", wallet.Address), (readDerived.Name, readDerived.Tags["role"], readDerived.Parent));

        // Another caller, though a participant of the instance, learns nothing of the derived address or its wallet.
        await ProblemAssert.RefusedAsync(managerHttp, HttpMethod.Get, $"/api/wallets/{derived.Address}", null, HttpStatusCode.NotFound);
        await ProblemAssert.RefusedAsync(managerHttp, HttpMethod.Post, $"/api/wallets/{derived.Address}/decrypt", sealedForDerived,
            HttpStatusCode.NotFound);
        await ProblemAssert.RefusedAsync(managerHttp, HttpMethod.Patch, $"/api/wallets/{derived.Address}", new { name = "mine" },
            HttpStatusCode.NotFound);
        await ProblemAssert.RefusedAsync(managerHttp, HttpMethod.Post, $"/api/wallets/{wallet.Address}/addresses", null, HttpStatusCode.NotFound);
        await ProblemAssert.RefusedAsync(managerHttp, HttpMethod.Get, $"/api/wallets/{wallet.Address}/addresses", null, HttpStatusCode.NotFound);
        Assert.DoesNotContain(derived.Address, (await manager.Wallets.ListAsync(pageSize: 100)).Items.Select(w => w.Address));
        Assert.Equal("derived owner #1", (await owner.Wallets.GetAsync(derived.Address)).Name);
    }

    [Fact]
    public async Task Twelve_words_and_a_passphrase_recover_the_same_wallet_and_derived_address()
    {
        var owner = platform.Caller("derived-twelve");
        const string Passphrase = "correct horse battery staple";
        var created = await owner.Wallets.CreateAsync(new CreateWalletRequest("twelve", "NISTP256", WordCount: 12,
            Passphrase: Passphrase));
        var mnemonic = created.Mnemonic!;
        Assert.Equal(12, mnemonic.Split(' ').Length);
        var derived = await owner.Wallets.DeriveAddressAsync(created.Address);

        // Another passphrase is another wallet; the same one is this wallet (a conflict while it exists).
        var other = await owner.Wallets.RecoverAsync("other", SignatureAlgorithm.NISTP256, mnemonic, "another passphrase");
        Assert.NotEqual(created.Address, other.Address);
        var conflict = await Assert.ThrowsAsync<SorchaApiException>(() =>
            owner.Wallets.RecoverAsync("again", SignatureAlgorithm.NISTP256, mnemonic, Passphrase));
        Assert.Equal(409, conflict.Status);

        // Deleted with its derived address, then recovered: the same keys, and the same first derived address.
        await owner.Wallets.DeleteAsync(created.Address);
        Assert.Equal(404, (await Assert.ThrowsAsync<SorchaApiException>(() => owner.Wallets.GetAsync(derived.Address))).Status);
        var recovered = await owner.Wallets.RecoverAsync("twelve again", SignatureAlgorithm.NISTP256, mnemonic, Passphrase);
        Assert.Equal(created.Address, recovered.Address);
        Assert.Equal(created.PublicKey, recovered.PublicKey);
        Assert.Equal(created.EncryptionPublicKey, recovered.EncryptionPublicKey);
        var again = await owner.Wallets.DeriveAddressAsync(recovered.Address);
        Assert.Equal((derived.Address, (int?)1), (again.Address, again.Account));
        Assert.Equal(derived.PublicKey, again.PublicKey);
        Assert.Equal(derived.EncryptionPublicKey, again.EncryptionPublicKey);
    }

    /// <summary>The caller's inbox holds <paramref name="instance"/> at <paramref name="action"/> for <paramref name="wallet"/> (null: not at all).</summary>
    private static async Task AssertInboxAsync(SorchaClient client, string instance, string? action, string? wallet)
    {
        var inbox = await client.Instances.InboxAsync(pageSize: 100);
        var item = inbox.Items.SingleOrDefault(i => i.InstanceId == instance);
        Assert.Equal((action, wallet), (item?.ActionId, item?.Wallet));
    }
}
