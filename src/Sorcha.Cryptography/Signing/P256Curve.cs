using Org.BouncyCastle.Asn1.X9;
using Org.BouncyCastle.Crypto.EC;
using Org.BouncyCastle.Math.EC;
using Org.BouncyCastle.Math.EC.Multiplier;
using BigInteger = Org.BouncyCastle.Math.BigInteger;

namespace Sorcha.Cryptography;

/// <summary>
/// NIST P-256 point math (BouncyCastle): public keys from scalars, point validation and SEC1 encodings,
/// which the BCL does not expose on its own.
/// </summary>
internal static class P256Curve
{
    public const int ScalarSize = 32;
    public const int UncompressedSize = 65;

    private static readonly X9ECParameters _parameters = CustomNamedCurves.GetByName("secp256r1");

    public static BigInteger Order => _parameters.N;

    public static bool IsValidScalar(ReadOnlySpan<byte> d) =>
        d.Length == ScalarSize && ToScalar(d) is { SignValue: > 0 } k && k.CompareTo(Order) < 0;

    public static BigInteger ToScalar(ReadOnlySpan<byte> d) => new(1, d.ToArray());

    public static byte[] PublicKey(ReadOnlySpan<byte> d, bool compressed = false)
    {
        if (!IsValidScalar(d))
        {
            throw new ArgumentException("A P-256 private key is a 32-byte scalar in [1, n-1].", nameof(d));
        }

        return Multiply(ToScalar(d)).GetEncoded(compressed);
    }

    public static ECPoint Multiply(BigInteger k) => new FixedPointCombMultiplier().Multiply(_parameters.G, k).Normalize();

    public static bool IsValidPublicKey(ReadOnlySpan<byte> sec1) => TryDecodeUncompressed(sec1, out _);

    /// <summary>Accepts only the API's uncompressed form 0x04||X||Y of a point on the curve (not infinity).</summary>
    public static bool TryDecodeUncompressed(ReadOnlySpan<byte> sec1, out ECPoint? point)
    {
        point = null;
        if (sec1.Length != UncompressedSize || sec1[0] != 0x04)
        {
            return false;
        }

        try
        {
            var decoded = _parameters.Curve.DecodePoint(sec1.ToArray());
            if (decoded.IsInfinity || !decoded.IsValid())
            {
                return false;
            }

            point = decoded;
            return true;
        }
        catch (ArgumentException)
        {
            return false;
        }
    }

    /// <summary>The 32-byte big-endian form of a scalar below n.</summary>
    public static byte[] ToBytes(BigInteger k)
    {
        var value = k.ToByteArrayUnsigned();
        if (value.Length == ScalarSize)
        {
            return value;
        }

        var result = new byte[ScalarSize];
        value.CopyTo(result, ScalarSize - value.Length);
        return result;
    }
}
