using System.Security.Cryptography;

namespace Sorcha.Cryptography;

/// <summary>ECDSA P-256 with SHA-256 and IEEE P1363 r||s signatures through the BCL.</summary>
internal static class P256Signing
{
    public const int SignatureSize = 64;

    public static KeyPair Generate()
    {
        using var ecdsa = ECDsa.Create(ECCurve.NamedCurves.nistP256);
        var parameters = ecdsa.ExportParameters(includePrivateParameters: true);
        try
        {
            // Copy: the exported D is wiped below and PadScalar may return it as is.
            return new KeyPair(PadScalar(parameters.D!).ToArray(), ToSec1(parameters.Q));
        }
        finally
        {
            CryptographicOperations.ZeroMemory(parameters.D);
        }
    }

    public static byte[] Sign(ReadOnlySpan<byte> privateKey, ReadOnlySpan<byte> data)
    {
        using var ecdsa = ImportPrivate(privateKey);
        return ecdsa.SignData(data, HashAlgorithmName.SHA256, DSASignatureFormat.IeeeP1363FixedFieldConcatenation);
    }

    public static bool Verify(ReadOnlySpan<byte> publicKey, ReadOnlySpan<byte> data, ReadOnlySpan<byte> signature)
    {
        if (signature.Length != SignatureSize || !P256Curve.IsValidPublicKey(publicKey))
        {
            return false;
        }

        try
        {
            using var ecdsa = ImportPublic(publicKey);
            return ecdsa.VerifyData(data, signature, HashAlgorithmName.SHA256, DSASignatureFormat.IeeeP1363FixedFieldConcatenation);
        }
        catch (CryptographicException)
        {
            return false;
        }
    }

    public static byte[] PublicKeyFromPrivate(ReadOnlySpan<byte> privateKey) => P256Curve.PublicKey(privateKey);

    public static ECDsa ImportPrivate(ReadOnlySpan<byte> privateKey) => ECDsa.Create(PrivateParameters(privateKey));

    public static ECDsa ImportPublic(ReadOnlySpan<byte> sec1) => ECDsa.Create(PublicParameters(sec1));

    /// <summary>The public point is computed here because not every platform derives Q from D on import.</summary>
    public static ECParameters PrivateParameters(ReadOnlySpan<byte> privateKey)
    {
        var publicKey = P256Curve.PublicKey(privateKey);
        var parameters = PublicParameters(publicKey);
        parameters.D = privateKey.ToArray();
        return parameters;
    }

    public static ECParameters PublicParameters(ReadOnlySpan<byte> sec1) => new()
    {
        Curve = ECCurve.NamedCurves.nistP256,
        Q = new ECPoint { X = sec1.Slice(1, 32).ToArray(), Y = sec1.Slice(33, 32).ToArray() },
    };

    public static byte[] ToSec1(ECPoint q)
    {
        var result = new byte[P256Curve.UncompressedSize];
        result[0] = 0x04;
        PadScalar(q.X!).CopyTo(result, 1);
        PadScalar(q.Y!).CopyTo(result, 33);
        return result;
    }

    private static byte[] PadScalar(byte[] value)
    {
        if (value.Length == P256Curve.ScalarSize)
        {
            return value;
        }

        var result = new byte[P256Curve.ScalarSize];
        value.CopyTo(result, P256Curve.ScalarSize - value.Length);
        return result;
    }
}
