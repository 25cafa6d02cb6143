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

    /// <summary>The uncompressed SEC1 public key, computed by the platform's EC code where it can (see <see cref="ImportPrivate"/>).</summary>
    public static byte[] PublicKeyFromPrivate(ReadOnlySpan<byte> privateKey)
    {
        using var ecdsa = TryImportScalarOnly(privateKey);
        return ecdsa is null ? P256Curve.PublicKey(privateKey) : ToSec1(ecdsa.ExportParameters(includePrivateParameters: false).Q);
    }

    /// <summary>
    /// Imports d alone where the platform derives Q itself (OpenSSL and CNG do): about 1 KB and one native scalar
    /// multiplication. Computing Q with BouncyCastle first, as <see cref="PrivateParameters"/> does for platforms that
    /// cannot, allocated ~118 KB per signature, and importing d with Q makes OpenSSL check the pair (two multiplications).
    /// </summary>
    public static ECDsa ImportPrivate(ReadOnlySpan<byte> privateKey)
    {
        if (TryImportScalarOnly(privateKey) is { } ecdsa)
        {
            return ecdsa;
        }

        var parameters = PrivateParameters(privateKey);
        try
        {
            return ECDsa.Create(parameters);
        }
        finally
        {
            CryptographicOperations.ZeroMemory(parameters.D);
        }
    }

    private static bool _platformDerivesPublicKey = true;

    private static ECDsa? TryImportScalarOnly(ReadOnlySpan<byte> privateKey)
    {
        if (!P256Curve.IsValidScalar(privateKey))
        {
            throw new ArgumentException("A P-256 private key is a 32-byte scalar in [1, n-1].", nameof(privateKey));
        }

        if (!_platformDerivesPublicKey)
        {
            return null;
        }

        var d = privateKey.ToArray();
        try
        {
            return ECDsa.Create(new ECParameters { Curve = ECCurve.NamedCurves.nistP256, D = d });
        }
        catch (Exception e) when (e is CryptographicException or PlatformNotSupportedException)
        {
            _platformDerivesPublicKey = false;
            return null;
        }
        finally
        {
            CryptographicOperations.ZeroMemory(d);
        }
    }

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
