using System.Security.Cryptography;

namespace Sorcha.Cryptography.Tests;

public class P256SigningTests
{
    private const SignatureAlgorithm P256 = SignatureAlgorithm.NISTP256;

    private static ECDsa BclFromSec1(byte[] sec1) => ECDsa.Create(new ECParameters
    {
        Curve = ECCurve.NamedCurves.nistP256,
        Q = new System.Security.Cryptography.ECPoint { X = sec1[1..33], Y = sec1[33..] },
    });

    [Fact]
    public void Sign_verified_by_bcl_from_Sec1_key()
    {
        var keys = Signatures.Generate(P256);
        Assert.Equal(32, keys.PrivateKey.Length);
        Assert.Equal(65, keys.PublicKey.Length);
        Assert.Equal(0x04, keys.PublicKey[0]);

        var message = "transaction id bytes"u8.ToArray();
        var signature = Signatures.Sign(P256, keys.PrivateKey, message);
        Assert.Equal(64, signature.Length);
        using var bcl = BclFromSec1(keys.PublicKey);
        Assert.True(bcl.VerifyData(message, signature, HashAlgorithmName.SHA256, DSASignatureFormat.IeeeP1363FixedFieldConcatenation));
        Assert.True(Signatures.Verify(P256, keys.PublicKey, message, signature));
    }

    [Fact]
    public void Verify_accepts_bcl_signature_and_public_key_matches_bcl()
    {
        using var bcl = ECDsa.Create(ECCurve.NamedCurves.nistP256);
        var parameters = bcl.ExportParameters(true);
        byte[] sec1 = [0x04, .. parameters.Q.X!, .. parameters.Q.Y!];
        Assert.Equal(sec1, Signatures.PublicKeyFromPrivate(P256, parameters.D));

        var message = "hello"u8.ToArray();
        var signature = bcl.SignData(message, HashAlgorithmName.SHA256, DSASignatureFormat.IeeeP1363FixedFieldConcatenation);
        Assert.True(Signatures.Verify(P256, sec1, message, signature));
        Assert.False(Signatures.Verify(P256, sec1, "hellp"u8, signature));
    }

    [Fact]
    public void Verify_malformed_inputs_return_false()
    {
        var keys = Signatures.Generate(P256);
        var signature = Signatures.Sign(P256, keys.PrivateKey, "m"u8);
        var offCurve = (byte[])keys.PublicKey.Clone();
        offCurve[64] ^= 1;
        var compressed = new byte[33];
        compressed[0] = 0x02;

        Assert.False(Signatures.Verify(P256, offCurve, "m"u8, signature));
        Assert.False(Signatures.Verify(P256, compressed, "m"u8, signature));
        Assert.False(Signatures.Verify(P256, keys.PublicKey, "m"u8, signature.AsSpan(0, 63)));
        Assert.False(Signatures.Verify(P256, keys.PublicKey, "m"u8, new byte[64]));
        Assert.False(Signatures.Verify(P256, new byte[65], "m"u8, signature));
        Assert.False(Signatures.IsValidPublicKey(P256, offCurve));
        Assert.True(Signatures.IsValidPublicKey(P256, keys.PublicKey));
    }

    [Fact]
    public void Sign_scalar_out_of_range_throws_argument_exception()
    {
        Assert.Throws<ArgumentException>(() => Signatures.Sign(P256, new byte[32], "m"u8));
        Assert.Throws<ArgumentException>(() => Signatures.Sign(P256, Enumerable.Repeat((byte)0xFF, 32).ToArray(), "m"u8));
        Assert.Throws<ArgumentException>(() => Signatures.Sign(P256, new byte[31], "m"u8));
    }
}
