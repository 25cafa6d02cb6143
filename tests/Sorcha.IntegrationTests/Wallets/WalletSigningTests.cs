using System.Net;
using System.Security.Cryptography;
using Org.BouncyCastle.Crypto.Parameters;
using Org.BouncyCastle.Crypto.Signers;
using Sorcha.Client;
using Sorcha.Contracts.Wallets;
using Sorcha.Cryptography;
using Sorcha.IntegrationTests.Infrastructure;

namespace Sorcha.IntegrationTests.Wallets;

[Collection(PlatformScope.Name)]
public sealed class WalletSigningTests(PlatformFixture platform)
{
    [Theory]
    [InlineData(SignatureAlgorithm.ED25519)]
    [InlineData(SignatureAlgorithm.NISTP256)]
    [InlineData(SignatureAlgorithm.RSA4096)]
    public async Task Signature_from_the_service_verifies_with_an_independent_implementation(SignatureAlgorithm algorithm)
    {
        using var alice = await platform.ClientAsync("signer-alice");
        var wallet = await WalletFlows.CreateAsync(alice, algorithm);
        var data = RandomNumberGenerator.GetBytes(100);

        var signed = await WalletFlows.SignAsync(alice, wallet.Address, data);
        var (publicKey, signature) = (signed.PublicKey, signed.Signature);

        Assert.Equal(wallet.PublicKey, publicKey);
        Assert.Equal(algorithm, signed.Algorithm);
        Assert.True(VerifyIndependently(algorithm, publicKey, data, signature));
        data[0] ^= 1;
        Assert.False(VerifyIndependently(algorithm, publicKey, data, signature));
    }

    [Fact]
    public async Task Verify_endpoint_accepts_a_good_signature_and_rejects_a_changed_message()
    {
        using var alice = await platform.ClientAsync("verifier-alice");
        var wallet = await WalletFlows.CreateAsync(alice, SignatureAlgorithm.ED25519);
        var signed = await WalletFlows.SignAsync(alice, wallet.Address, "hello"u8.ToArray());

        var good = await Json.PostAsync<VerifyResponse>(alice, "/api/wallets/verify", new
        {
            algorithm = "ED25519", publicKey = Convert.ToBase64String(signed.PublicKey), data = Convert.ToBase64String("hello"u8.ToArray()),
            signature = Convert.ToBase64String(signed.Signature),
        }, HttpStatusCode.OK);
        var bad = await Json.PostAsync<VerifyResponse>(alice, "/api/wallets/verify", new
        {
            algorithm = "ED25519", publicKey = Convert.ToBase64String(signed.PublicKey), data = Convert.ToBase64String("hellO"u8.ToArray()),
            signature = Convert.ToBase64String(signed.Signature),
        }, HttpStatusCode.OK);

        Assert.True(good.Valid);
        Assert.False(bad.Valid);
    }

    [Fact]
    public async Task Wallets_still_sign_after_the_wallet_service_restarts()
    {
        using var alice = await platform.ClientAsync("restart-alice");
        var wallets = new[] { await WalletFlows.CreateAsync(alice, SignatureAlgorithm.ED25519), await WalletFlows.CreateAsync(alice, SignatureAlgorithm.NISTP256) };

        await platform.App.RestartResourceAsync("wallet");

        foreach (var wallet in wallets)
        {
            var signed = await WalletFlows.SignAsync(alice, wallet.Address, [7, 7, 7]);
            Assert.True(VerifyIndependently(wallet.Algorithm, signed.PublicKey, [7, 7, 7], signed.Signature));
        }
    }

    /// <summary>BouncyCastle's Ed25519Signer and the BCL, not Sorcha.Cryptography.</summary>
    private static bool VerifyIndependently(SignatureAlgorithm algorithm, byte[] publicKey, byte[] data, byte[] signature)
    {
        switch (algorithm)
        {
            case SignatureAlgorithm.ED25519:
                var signer = new Ed25519Signer();
                signer.Init(false, new Ed25519PublicKeyParameters(publicKey, 0));
                signer.BlockUpdate(data, 0, data.Length);
                return signer.VerifySignature(signature);
            case SignatureAlgorithm.NISTP256:
                using (var ecdsa = ECDsa.Create(new ECParameters
                {
                    Curve = ECCurve.NamedCurves.nistP256,
                    Q = new ECPoint { X = publicKey[1..33], Y = publicKey[33..65] },
                }))
                {
                    return ecdsa.VerifyData(data, signature, HashAlgorithmName.SHA256, DSASignatureFormat.IeeeP1363FixedFieldConcatenation);
                }

            default:
                using (var rsa = RSA.Create())
                {
                    rsa.ImportSubjectPublicKeyInfo(publicKey, out _);
                    return rsa.VerifyData(data, signature, HashAlgorithmName.SHA256, RSASignaturePadding.Pss);
                }
        }
    }
}
