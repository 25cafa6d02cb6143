using System.Net;
using System.Net.Http.Json;
using Sorcha.Client;

namespace Sorcha.Wallet.Service.Tests;

/// <summary>Two subjects are two callers: the token's subject decides ownership in the Wallet service.</summary>
[Collection(WalletScope.Name)]
public sealed class WalletOwnershipTests(WalletService service)
{
    [Fact]
    public async Task Another_caller_cannot_see_sign_encrypt_decrypt_or_delete_a_wallet()
    {
        var alice = service.Client("owner-alice");
        var bob = service.Client("owner-bob");
        var wallet = (await alice.Wallets.CreateAsync("alice's")).Address;
        var bobs = (await bob.Wallets.CreateAsync("bob's")).Address;
        var envelope = await bob.Wallets.EncryptAsync(bobs, wallet, "for alice"u8.ToArray());

        await NotFoundAsync(() => bob.Wallets.GetAsync(wallet));
        await NotFoundAsync(() => bob.Wallets.SignAsync(wallet, [0, 0, 0]));
        await NotFoundAsync(() => bob.Wallets.EncryptAsync(wallet, bobs, [0, 0, 0]));
        await NotFoundAsync(() => bob.Wallets.DecryptAsync(wallet, envelope));
        await NotFoundAsync(() => bob.Wallets.DeleteAsync(wallet));
        Assert.DoesNotContain((await bob.Wallets.ListAsync(pageSize: 100)).Items, w => w.Address == wallet);

        // The wire answer itself: a problem document (api.md), whatever the typed client makes of it.
        using var raw = await bob.Http.GetAsync($"/api/wallets/{wallet}");
        await ProblemAssert.IsProblemAsync(raw, HttpStatusCode.NotFound);

        // Nothing above changed alice's wallet: she still reads it, signs with it and opens her envelope.
        Assert.Equal(wallet, (await alice.Wallets.GetAsync(wallet)).Address);
        await alice.Wallets.SignAsync(wallet, [1, 2, 3]);
        Assert.Equal("for alice"u8.ToArray(), await alice.Wallets.DecryptAsync(wallet, envelope));
    }

    private static async Task NotFoundAsync(Func<Task> call)
    {
        var refused = await Assert.ThrowsAsync<SorchaApiException>(call);
        Assert.Equal(404, refused.Status);
        Assert.Equal(404, refused.Problem?.Status);
    }
}
