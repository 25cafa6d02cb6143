using System.Buffers.Binary;
using System.Numerics;
using System.Runtime.CompilerServices;

namespace Sorcha.Cryptography;

/// <summary>
/// Arithmetic modulo the group order L = 2^252 + 27742317777372353535851937790883648493, on 64-bit limbs with
/// Barrett reduction and masked final subtractions: constant time, since nonces and secret scalars pass through.
/// </summary>
internal static class Scalar25519
{
    // Declared first: static initializers run in textual order and _mu needs it.
    public static BigInteger Order { get; } = (BigInteger.One << 252) + BigInteger.Parse("27742317777372353535851937790883648493", System.Globalization.CultureInfo.InvariantCulture);

    private static readonly ulong[] _l = [0x5812631a5cf5d3edUL, 0x14def9dea2f79cd6UL, 0UL, 0x1000000000000000UL];

    // mu = floor(2^512 / L) (261 bits). With q = floor(floor(x / 2^252) · mu / 2^260), q is at most 2 below
    // floor(x / L) for every x < 2^512, so x - q·L < 3L and two conditional subtractions finish the job.
    private static readonly ulong[] _mu = ToLimbs((BigInteger.One << 512) / Order, 5);

    /// <summary>r = x mod L for a 64-byte little-endian x (a SHA-512 output).</summary>
    public static void Reduce(ReadOnlySpan<byte> x64, Span<byte> r32)
    {
        Span<ulong> x = stackalloc ulong[8];
        for (var i = 0; i < 8; i++)
        {
            x[i] = BinaryPrimitives.ReadUInt64LittleEndian(x64[(8 * i)..]);
        }

        ReduceLimbs(x, r32);
    }

    /// <summary>s = (a·b + c) mod L for 32-byte little-endian a, b, c.</summary>
    public static void MulAdd(Span<byte> s, ReadOnlySpan<byte> a, ReadOnlySpan<byte> b, ReadOnlySpan<byte> c)
    {
        Span<ulong> al = stackalloc ulong[4];
        Span<ulong> bl = stackalloc ulong[4];
        Span<ulong> x = stackalloc ulong[8];
        Load(a, al);
        Load(b, bl);
        Multiply(al, bl, x);
        ulong carry = 0;
        for (var i = 0; i < 8; i++)
        {
            var addend = i < 4 ? BinaryPrimitives.ReadUInt64LittleEndian(c[(8 * i)..]) : 0UL;
            var sum = (UInt128)x[i] + addend + carry;
            x[i] = (ulong)sum;
            carry = (ulong)(sum >> 64);
        }

        ReduceLimbs(x, s);
        al.Clear();
        bl.Clear();
        x.Clear();
    }

    /// <summary>True when s &lt; L (RFC 8032 requires rejecting signatures whose S is not reduced). Public data only.</summary>
    public static bool IsCanonical(ReadOnlySpan<byte> s)
    {
        for (var i = 3; i >= 0; i--)
        {
            var limb = BinaryPrimitives.ReadUInt64LittleEndian(s[(8 * i)..]);
            if (limb != _l[i])
            {
                return limb < _l[i];
            }
        }

        return false;
    }

    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    private static void ReduceLimbs(ReadOnlySpan<ulong> x, Span<byte> r32)
    {
        Span<ulong> q1 = stackalloc ulong[5];
        for (var i = 0; i < 5; i++)
        {
            q1[i] = (x[i + 3] >> 60) | (i + 4 < 8 ? x[i + 4] << 4 : 0UL);
        }

        Span<ulong> q2 = stackalloc ulong[10];
        Multiply(q1, _mu, q2);
        Span<ulong> q3 = stackalloc ulong[5];
        for (var i = 0; i < 5; i++)
        {
            q3[i] = (q2[i + 4] >> 4) | (q2[i + 5] << 60);
        }

        Span<ulong> ql = stackalloc ulong[9];
        Multiply(q3, _l, ql);

        // x - q·L < 3L < 2^254, so arithmetic modulo 2^256 on the low four limbs is exact.
        Span<ulong> r = stackalloc ulong[4];
        SubtractWithBorrow(x[..4], ql[..4], r);
        ConditionalSubtractOrder(r);
        ConditionalSubtractOrder(r);
        for (var i = 0; i < 4; i++)
        {
            BinaryPrimitives.WriteUInt64LittleEndian(r32[(8 * i)..], r[i]);
        }

        q1.Clear();
        q2.Clear();
        q3.Clear();
        ql.Clear();
        r.Clear();
    }

    private static void ConditionalSubtractOrder(Span<ulong> r)
    {
        Span<ulong> t = stackalloc ulong[4];
        var borrow = SubtractWithBorrow(r, _l, t);
        var keep = 0UL - borrow; // all ones when r < L: keep r
        for (var i = 0; i < 4; i++)
        {
            r[i] = (r[i] & keep) | (t[i] & ~keep);
        }
    }

    private static ulong SubtractWithBorrow(ReadOnlySpan<ulong> a, ReadOnlySpan<ulong> b, Span<ulong> r)
    {
        ulong borrow = 0;
        for (var i = 0; i < r.Length; i++)
        {
            var ai = a[i];
            var bi = b[i];
            var d = ai - bi - borrow;
            borrow = ((~ai & bi) | (~(ai ^ bi) & d)) >> 63;
            r[i] = d;
        }

        return borrow;
    }

    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    private static void Multiply(ReadOnlySpan<ulong> a, ReadOnlySpan<ulong> b, Span<ulong> r)
    {
        r.Clear();
        for (var i = 0; i < a.Length; i++)
        {
            ulong carry = 0;
            for (var j = 0; j < b.Length; j++)
            {
                var hi = Math.BigMul(a[i], b[j], out var lo);
                var t = new UInt128(hi, lo) + r[i + j] + carry;
                r[i + j] = (ulong)t;
                carry = (ulong)(t >> 64);
            }

            r[i + b.Length] = carry;
        }
    }

    private static void Load(ReadOnlySpan<byte> bytes, Span<ulong> limbs)
    {
        for (var i = 0; i < limbs.Length; i++)
        {
            limbs[i] = BinaryPrimitives.ReadUInt64LittleEndian(bytes[(8 * i)..]);
        }
    }

    private static ulong[] ToLimbs(BigInteger value, int count)
    {
        var limbs = new ulong[count];
        for (var i = 0; i < count; i++)
        {
            limbs[i] = (ulong)(value & ulong.MaxValue);
            value >>= 64;
        }

        return limbs;
    }
}
