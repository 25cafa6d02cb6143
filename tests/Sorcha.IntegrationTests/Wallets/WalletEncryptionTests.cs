using System.Net;
using System.Net.Http.Json;
using System.Security.Cryptography;
using System.Text.Json;
using Sorcha.Client;
using Sorcha.Contracts.Wallets;
using Sorcha.Cryptography;
using Sorcha.IntegrationTests.Infrastructure;

namespace Sorcha.IntegrationTests.Wallets;

[Collection(PlatformScope.Name)]
public sealed class WalletEncryptionTests(PlatformFixture platform)
{
    [Theory]
    [InlineData(SignatureAlgorithm.ED25519, "ECIES-X25519-HKDF-SHA256-AES256GCM")]
    [InlineData(SignatureAlgorithm.NISTP256, "ECIES-P256-HKDF-SHA256-AES256GCM")]
    [InlineData(SignatureAlgorithm.RSA4096, "RSA-OAEP-SHA256-AES256GCM")]
    public async Task Encrypt_to_another_callers_wallet_round_trips_only_for_the_recipient(SignatureAlgorithm algorithm, string scheme)
    {
        using var alice = await platform.ClientAsync("enc-alice");
        using var bob = await platform.ClientAsync("enc-bob");
        var sender = (await WalletFlows.CreateAsync(alice, SignatureAlgorithm.ED25519)).Address;
        var recipient = (await WalletFlows.CreateAsync(bob, algorithm)).Address;
        var data = RandomNumberGenerator.GetBytes(5000);

        // Raw: the envelope goes back to decrypt exactly as the service wrote it.
        var envelope = await Json.PostAsync(alice, $"/api/wallets/{sender}/encrypt",
            new { recipient, data = Convert.ToBase64String(data) }, HttpStatusCode.OK);
        var typed = envelope.Deserialize<Envelope>(Json.Options)!;
        Assert.Equal(scheme, typed.Scheme);
        Assert.Equal(recipient, typed.Recipient);

        var opened = await Json.PostAsync<DecryptResponse>(bob, $"/api/wallets/{recipient}/decrypt", envelope, HttpStatusCode.OK);
        Assert.Equal(data, opened.Data);

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
        var wallet = (await WalletFlows.CreateAsync(bob, SignatureAlgorithm.ED25519)).Address;
        var envelope = await Json.PostAsync(bob, $"/api/wallets/{wallet}/encrypt",
            new { recipient = wallet, data = Convert.ToBase64String("secret"u8.ToArray()) }, HttpStatusCode.OK);

        // Raw: one wire field is flipped, the rest sent back as written.
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
        var first = (await WalletFlows.CreateAsync(bob, SignatureAlgorithm.ED25519)).Address;
        var second = (await WalletFlows.CreateAsync(bob, SignatureAlgorithm.ED25519)).Address;
        var envelope = await Json.PostAsync(bob, $"/api/wallets/{first}/encrypt",
            new { recipient = first, data = "AAAA" }, HttpStatusCode.OK);

        using var response = await bob.PostAsJsonAsync($"/api/wallets/{second}/decrypt", envelope);
        await ProblemAssert.IsProblemAsync(response, HttpStatusCode.UnprocessableEntity);
    }
}
