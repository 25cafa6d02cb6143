using System.Security.Cryptography;

namespace Sorcha.Cryptography.Tests;

public class RsaSigningTests
{
    private const SignatureAlgorithm Rsa = SignatureAlgorithm.RSA4096;

    [Fact]
    public void Sign_pss_Sha256_verified_by_bcl_from_spki()
    {
        var keys = SharedKeys.Rsa;
        var message = "payload"u8.ToArray();
        var signature = Signatures.Sign(Rsa, keys.PrivateKey, message);
        Assert.Equal(512, signature.Length);

        using var bcl = RSA.Create();
        bcl.ImportSubjectPublicKeyInfo(keys.PublicKey, out _);
        Assert.Equal(4096, bcl.KeySize);
        Assert.True(bcl.VerifyData(message, signature, HashAlgorithmName.SHA256, RSASignaturePadding.Pss));
        Assert.True(Signatures.Verify(Rsa, keys.PublicKey, message, signature));
    }

    [Fact]
    public void Verify_accepts_bcl_signature_rejects_tampering()
    {
        var keys = SharedKeys.Rsa;
        using var bcl = RSA.Create();
        bcl.ImportPkcs8PrivateKey(keys.PrivateKey, out _);
        var message = "payload"u8.ToArray();
        var signature = bcl.SignData(message, HashAlgorithmName.SHA256, RSASignaturePadding.Pss);

        Assert.True(Signatures.Verify(Rsa, keys.PublicKey, message, signature));
        signature[10] ^= 1;
        Assert.False(Signatures.Verify(Rsa, keys.PublicKey, message, signature));
        Assert.False(Signatures.Verify(Rsa, keys.PublicKey.AsSpan(0, keys.PublicKey.Length - 1), message, signature));
        Assert.False(Signatures.Verify(Rsa, [.. keys.PublicKey, 0], message, signature));
        Assert.False(Signatures.Verify(Rsa, new byte[10], message, new byte[512]));
    }

    [Fact]
    public void Public_key_from_private_matches_generated_public_key() =>
        Assert.Equal(SharedKeys.Rsa.PublicKey, Signatures.PublicKeyFromPrivate(Rsa, SharedKeys.Rsa.PrivateKey));

    [Fact]
    public void Smaller_rsa_keys_are_not_Rsa4096()
    {
        using var small = RSA.Create(2048);
        Assert.False(Signatures.IsValidPublicKey(Rsa, small.ExportSubjectPublicKeyInfo()));
        Assert.Throws<ArgumentException>(() => Signatures.Sign(Rsa, small.ExportPkcs8PrivateKey(), "m"u8));
        Assert.True(Signatures.IsValidPublicKey(Rsa, SharedKeys.Rsa.PublicKey));
    }

    [Fact]
    public void Verify_unknown_algorithm_returns_false() =>
        Assert.False(Signatures.Verify((SignatureAlgorithm)99, SharedKeys.Rsa.PublicKey, "m"u8, new byte[512]));
}
