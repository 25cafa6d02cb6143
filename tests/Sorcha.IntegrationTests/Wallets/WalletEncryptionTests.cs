using System.Net;
using System.Net.Http.Json;
using System.Security.Cryptography;
using System.Text.Json;
using Sorcha.IntegrationTests.Infrastructure;

namespace Sorcha.IntegrationTests.Wallets;

[Collection(PlatformScope.Name)]
public sealed class WalletEncryptionTests(PlatformFixture platform)
{
    [Theory]
    [InlineData("ED25519", "ECIES-X25519-HKDF-SHA256-AES256GCM")]
    [InlineData("NISTP256", "ECIES-P256-HKDF-SHA256-AES256GCM")]
    [InlineData("RSA4096", "RSA-OAEP-SHA256-AES256GCM")]
    public async Task Encrypt_to_another_callers_wallet_round_trips_only_for_the_recipient(string algorithm, string scheme)
    {
        using var alice = await platform.ClientAsync("enc-alice");
        using var bob = await platform.ClientAsync("enc-bob");
        var sender = (await WalletFlows.CreateAsync(alice, "ED25519")).Str("address");
        var recipient = (await WalletFlows.CreateAsync(bob, algorithm)).Str("address");
        var data = RandomNumberGenerator.GetBytes(5000);

        var envelope = await Json.PostAsync(alice, $"/api/wallets/{sender}/encrypt",
            new { recipient, data = Convert.ToBase64String(data) }, HttpStatusCode.OK);
        Assert.Equal(scheme, envelope.Str("scheme"));
        Assert.Equal(recipient, envelope.Str("recipient"));

        var opened = await Json.PostAsync(bob, $"/api/wallets/{recipient}/decrypt", envelope, HttpStatusCode.OK);
        Assert.Equal(data, Convert.FromBase64String(opened.Str("data")));

        // The sender cannot open what it sent: the recipient wallet is not hers.
        using var senderTries = await alice.PostAsJsonAsync($"/api/wallets/{recipient}/decrypt", envelope);
        await ProblemAssert.IsProblemAsync(senderTries, HttpStatusCode.NotFound);
    }

    [Theory]
    [InlineData("ciphertext")]
    [InlineData("nonce")]
    [InlineData("ephemeralPublicKey")]
    public async Task Tampered_envelope_is_422(string field)
    {
        using var bob = await platform.ClientAsync("tamper-bob");
        var wallet = (await WalletFlows.CreateAsync(bob, "ED25519")).Str("address");
        var envelope = await Json.PostAsync(bob, $"/api/wallets/{wallet}/encrypt",
            new { recipient = wallet, data = Convert.ToBase64String("secret"u8.ToArray()) }, HttpStatusCode.OK);

        var tampered = JsonSerializer.Deserialize<Dictionary<string, string>>(envelope.GetRawText())!;
        var bytes = Convert.FromBase64String(tampered[field]);
        bytes[^1] ^= 0x01;
        tampered[field] = Convert.ToBase64String(bytes);

        using var response = await bob.PostAsJsonAsync($"/api/wallets/{wallet}/decrypt", tampered);
        await ProblemAssert.IsProblemAsync(response, HttpStatusCode.UnprocessableEntity);
    }

    [Fact]
    public async Task Envelope_for_another_wallet_is_422_even_for_its_owner()
    {
        using var bob = await platform.ClientAsync("misaddressed-bob");
        var first = (await WalletFlows.CreateAsync(bob, "ED25519")).Str("address");
        var second = (await WalletFlows.CreateAsync(bob, "ED25519")).Str("address");
        var envelope = await Json.PostAsync(bob, $"/api/wallets/{first}/encrypt",
            new { recipient = first, data = "AAAA" }, HttpStatusCode.OK);

        using var response = await bob.PostAsJsonAsync($"/api/wallets/{second}/decrypt", envelope);
        await ProblemAssert.IsProblemAsync(response, HttpStatusCode.UnprocessableEntity);
    }
}
