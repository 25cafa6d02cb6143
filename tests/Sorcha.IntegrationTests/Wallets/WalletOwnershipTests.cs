using System.Net;
using System.Net.Http.Json;
using Sorcha.IntegrationTests.Infrastructure;

namespace Sorcha.IntegrationTests.Wallets;

/// <summary>Two client ids are two callers: the subject reaches the Wallet service and decides ownership.</summary>
[Collection(PlatformScope.Name)]
public sealed class WalletOwnershipTests(PlatformFixture platform)
{
    [Fact]
    public async Task Another_caller_cannot_see_sign_encrypt_decrypt_or_delete_a_wallet()
    {
        using var alice = await platform.ClientAsync("owner-alice");
        using var bob = await platform.ClientAsync("owner-bob");
        var wallet = (await WalletFlows.CreateAsync(alice, "ED25519")).Str("address");
        var bobs = (await WalletFlows.CreateAsync(bob, "ED25519")).Str("address");
        var envelope = await Json.PostAsync(bob, $"/api/wallets/{bobs}/encrypt",
            new { recipient = wallet, data = Convert.ToBase64String("for alice"u8.ToArray()) }, HttpStatusCode.OK);

        using var get = await bob.GetAsync($"/api/wallets/{wallet}");
        await ProblemAssert.IsProblemAsync(get, HttpStatusCode.NotFound);
        using var sign = await bob.PostAsJsonAsync($"/api/wallets/{wallet}/sign", new { data = "AAAA" });
        await ProblemAssert.IsProblemAsync(sign, HttpStatusCode.NotFound);
        using var encrypt = await bob.PostAsJsonAsync($"/api/wallets/{wallet}/encrypt", new { recipient = bobs, data = "AAAA" });
        await ProblemAssert.IsProblemAsync(encrypt, HttpStatusCode.NotFound);
        using var decrypt = await bob.PostAsJsonAsync($"/api/wallets/{wallet}/decrypt", envelope);
        await ProblemAssert.IsProblemAsync(decrypt, HttpStatusCode.NotFound);
        using var delete = await bob.DeleteAsync($"/api/wallets/{wallet}");
        await ProblemAssert.IsProblemAsync(delete, HttpStatusCode.NotFound);

        var bobsList = await Json.ReadAsync(await bob.GetAsync("/api/wallets?pageSize=100"));
        Assert.DoesNotContain(bobsList.GetProperty("items").EnumerateArray(), w => w.Str("address") == wallet);

        // Nothing above changed alice's wallet: she still reads it, signs with it and opens her envelope.
        using var still = await alice.GetAsync($"/api/wallets/{wallet}");
        Assert.Equal(HttpStatusCode.OK, still.StatusCode);
        await WalletFlows.SignAsync(alice, wallet, [1, 2, 3]);
        var opened = await Json.PostAsync(alice, $"/api/wallets/{wallet}/decrypt", envelope, HttpStatusCode.OK);
        Assert.Equal("for alice"u8.ToArray(), Convert.FromBase64String(opened.Str("data")));
    }
}
