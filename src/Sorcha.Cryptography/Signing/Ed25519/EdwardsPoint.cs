using System.Runtime.CompilerServices;

namespace Sorcha.Cryptography;

/// <summary>RFC 8032 §5.1.2–5.1.3 point encoding and decoding.</summary>
internal static class EdwardsPoint
{
    /// <summary>
    /// Decodes a point, rejecting a non-canonical y (y ≥ p), a y with no x on the curve, and x = 0 with the sign bit set.
    /// Variable time: only public keys are decoded.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    public static bool TryDecode(out GeP3 r, ReadOnlySpan<byte> s)
    {
        r = default;
        Fe25519.FromBytes(out var y, s);
        Span<byte> canonical = stackalloc byte[32];
        y.ToBytes(canonical);
        if (!canonical[..31].SequenceEqual(s[..31]) || canonical[31] != (s[31] & 0x7F))
        {
            return false;
        }

        // x^2 = u / v with u = y^2 - 1, v = d·y^2 + 1; x = u·v^3·(u·v^7)^((p-5)/8), fixed up by sqrt(-1) if needed.
        Fe25519.Square(out var y2, y);
        Fe25519.Sub(out var u, y2, Fe25519.One);
        Fe25519.Mul(out var v, y2, EdwardsConstants.D);
        Fe25519.Add(out v, v, Fe25519.One);
        Fe25519.Square(out var v3, v);
        Fe25519.Mul(out v3, v3, v);
        Fe25519.Square(out var x, v3);
        Fe25519.Mul(out x, x, v);
        Fe25519.Mul(out x, x, u);
        Fe25519.Pow22523(out x, x);
        Fe25519.Mul(out x, x, v3);
        Fe25519.Mul(out x, x, u);

        Fe25519.Square(out var vxx, x);
        Fe25519.Mul(out vxx, vxx, v);
        if (!Fe25519.AreEqual(vxx, u))
        {
            Fe25519.Negate(out var minusU, u);
            if (!Fe25519.AreEqual(vxx, minusU))
            {
                return false;
            }

            Fe25519.Mul(out x, x, EdwardsConstants.SqrtM1);
        }

        var sign = s[31] >> 7;
        if (x.IsZero() && sign == 1)
        {
            return false;
        }

        if (x.IsNegative() != sign)
        {
            Fe25519.Negate(out x, x);
        }

        r.X = x;
        r.Y = y;
        r.Z = Fe25519.One;
        Fe25519.Mul(out r.T, x, y);
        return true;
    }

    public static void Encode(in Fe25519 x, in Fe25519 y, in Fe25519 z, Span<byte> s)
    {
        Fe25519.Invert(out var zInverse, z);
        EncodeWithInverse(x, y, zInverse, s);
    }

    /// <summary>Encodes two points with one inversion (Montgomery's trick): signing encodes A and R together.</summary>
    public static void EncodeTwo(in GeP3 a, Span<byte> aBytes, in GeP3 b, Span<byte> bBytes)
    {
        Fe25519.Mul(out var product, a.Z, b.Z);
        Fe25519.Invert(out var inverse, product);
        Fe25519.Mul(out var aInverse, inverse, b.Z);
        Fe25519.Mul(out var bInverse, inverse, a.Z);
        EncodeWithInverse(a.X, a.Y, aInverse, aBytes);
        EncodeWithInverse(b.X, b.Y, bInverse, bBytes);
    }

    private static void EncodeWithInverse(in Fe25519 x, in Fe25519 y, in Fe25519 zInverse, Span<byte> s)
    {
        Fe25519.Mul(out var affineX, x, zInverse);
        Fe25519.Mul(out var affineY, y, zInverse);
        affineY.ToBytes(s);
        s[31] ^= (byte)(affineX.IsNegative() << 7);
    }
}
