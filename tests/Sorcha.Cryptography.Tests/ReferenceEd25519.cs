using System.Globalization;
using System.Numerics;
using System.Security.Cryptography;

namespace Sorcha.Cryptography.Tests;

/// <summary>
/// A test-only Ed25519 in extended coordinates over System.Numerics.BigInteger, written from RFC 8032 §5.1 and its
/// Python reference, independent of NSec and BouncyCastle. It builds the edge-case vectors (points of small and mixed
/// order, non-canonical encodings) and gives the verdict of the contract's rules on them (docs/api.md, "Signatures").
/// </summary>
internal static class ReferenceEd25519
{
    public static readonly BigInteger P = (BigInteger.One << 255) - 19;
    public static readonly BigInteger L = (BigInteger.One << 252) + BigInteger.Parse("27742317777372353535851937790883648493", CultureInfo.InvariantCulture);
    private static readonly BigInteger D = Mod(-121665 * Inverse(121666));
    private static readonly BigInteger SqrtM1 = BigInteger.ModPow(2, (P - 1) / 4, P);

    public static readonly Point Identity = new(0, 1, 1, 0);
    public static readonly Point Base = Decode(Hashes.FromHex("5866666666666666666666666666666666666666666666666666666666666666"))!.Value;

    /// <summary>A point of order 8 (the first of libsodium's small-order list).</summary>
    public static readonly Point Torsion8 = Decode(Hashes.FromHex("26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05"))!.Value;

    public readonly record struct Point(BigInteger X, BigInteger Y, BigInteger Z, BigInteger T);

    public static BigInteger Mod(BigInteger a) => ((a % P) + P) % P;

    private static BigInteger Inverse(BigInteger a) => BigInteger.ModPow(Mod(a), P - 2, P);

    public static Point Add(Point a, Point b)
    {
        var A = Mod((a.Y - a.X) * (b.Y - b.X));
        var B = Mod((a.Y + a.X) * (b.Y + b.X));
        var C = Mod(2 * a.T * b.T * D);
        var Dd = Mod(2 * a.Z * b.Z);
        BigInteger E = B - A, F = Dd - C, G = Dd + C, H = B + A;
        return new Point(Mod(E * F), Mod(G * H), Mod(F * G), Mod(E * H));
    }

    public static Point Negate(Point a) => new(Mod(-a.X), a.Y, a.Z, Mod(-a.T));

    public static Point Multiply(BigInteger k, Point a)
    {
        var result = Identity;
        while (k > 0)
        {
            if (!k.IsEven)
            {
                result = Add(result, a);
            }

            a = Add(a, a);
            k >>= 1;
        }

        return result;
    }

    public static bool AreEqual(Point a, Point b) =>
        Mod((a.X * b.Z) - (b.X * a.Z)) == 0 && Mod((a.Y * b.Z) - (b.Y * a.Z)) == 0;

    public static byte[] Encode(Point a)
    {
        var zInverse = Inverse(a.Z);
        var x = Mod(a.X * zInverse);
        var y = Mod(a.Y * zInverse);
        return Bytes(y | (x.IsEven ? BigInteger.Zero : BigInteger.One << 255));
    }

    /// <summary>RFC 8032 §5.1.3: null for y ≥ p, no square root, or x = 0 with the sign bit set.</summary>
    public static Point? Decode(byte[] s)
    {
        var value = new BigInteger(s, isUnsigned: true);
        var sign = (int)(value >> 255);
        var y = value & ((BigInteger.One << 255) - 1);
        if (y >= P)
        {
            return null;
        }

        var x = RecoverX(y, sign);
        return x is { } found ? new Point(found, y, 1, Mod(found * y)) : null;
    }

    /// <summary>The point with this y, ignoring whether y's encoding is canonical (to build non-canonical encodings).</summary>
    public static BigInteger? RecoverX(BigInteger y, int sign)
    {
        y = Mod(y);
        var xx = Mod((y * y - 1) * Inverse((D * y * y) + 1));
        if (xx == 0)
        {
            return sign == 1 ? null : BigInteger.Zero;
        }

        var x = BigInteger.ModPow(xx, (P + 3) / 8, P);
        if (Mod((x * x) - xx) != 0)
        {
            x = Mod(x * SqrtM1);
        }

        if (Mod((x * x) - xx) != 0)
        {
            return null;
        }

        return (int)(x & 1) != sign ? P - x : x;
    }

    public static byte[] Bytes(BigInteger value)
    {
        var bytes = new byte[32];
        value.TryWriteBytes(bytes, out _, isUnsigned: true);
        return bytes;
    }

    public static BigInteger Scalar(ReadOnlySpan<byte> bytes) => new(bytes, isUnsigned: true);

    public static BigInteger HashToScalar(params byte[][] parts) => Scalar(SHA512.HashData(parts.SelectMany(p => p).ToArray())) % L;

    /// <summary>(a, prefix) from a seed: a = clamp(SHA-512(seed)[0..32]).</summary>
    public static (BigInteger A, byte[] Prefix) Expand(byte[] seed)
    {
        var h = SHA512.HashData(seed);
        h[0] &= 248;
        h[31] &= 127;
        h[31] |= 64;
        return (Scalar(h.AsSpan(0, 32)), h[32..]);
    }

    /// <summary>RFC 8032 signing with the secret scalar a and an arbitrary public key encoding A in the challenge.</summary>
    public static byte[] Sign(BigInteger a, byte[] prefix, byte[] publicKey, byte[] message)
    {
        var r = HashToScalar(prefix, message);
        var encodedR = Encode(Multiply(r, Base));
        var k = HashToScalar(encodedR, publicKey, message);
        return [.. encodedR, .. Bytes((r + (k * a)) % L)];
    }

    /// <summary>
    /// The contract's rules, written from docs/api.md: S &lt; L; neither R nor A is one of libsodium's seven
    /// small-order encodings (sign bit ignored); A's y &lt; p and on the curve; Encode([S]B − [k]A) == R byte for byte.
    /// </summary>
    public static bool Verify(byte[] publicKey, byte[] message, byte[] signature)
    {
        if (publicKey.Length != 32 || signature.Length != 64)
        {
            return false;
        }

        var encodedR = signature[..32];
        var s = Scalar(signature.AsSpan(32));
        if (s >= L || IsSmallOrderEncoding(encodedR) || IsSmallOrderEncoding(publicKey) || Decode(publicKey) is not { } a)
        {
            return false;
        }

        var k = HashToScalar(encodedR, publicKey, message);
        return Encode(Add(Multiply(s, Base), Negate(Multiply(k, a)))).AsSpan().SequenceEqual(encodedR);
    }

    /// <summary>libsodium's list: y (low 255 bits) ∈ {0, 1, the two order-8 y's, p − 1, p, p + 1}.</summary>
    public static bool IsSmallOrderEncoding(byte[] encoded)
    {
        var y = new BigInteger(encoded, isUnsigned: true) & ((BigInteger.One << 255) - 1);
        var torsionY = Mod(Torsion8.Y * Inverse(Torsion8.Z));
        return y <= 1 || y == torsionY || y == P - torsionY || (y >= P - 1 && y <= P + 1);
    }
}
