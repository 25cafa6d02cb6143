using System.Runtime.CompilerServices;

namespace Sorcha.Cryptography;

/// <summary>Scalar multiplication: constant-time by the base point (secrets) and variable-time a·A + b·B (verification).</summary>
internal static class EdwardsScalarMult
{
    /// <summary>
    /// h = a·B for a 32-byte little-endian scalar with a[31] ≤ 127, in constant time: signed radix-16 digits,
    /// table entries picked by masked moves, never by index (ref10 ge_scalarmult_base).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    public static void MultiplyBase(out GeP3 h, ReadOnlySpan<byte> a)
    {
        Span<sbyte> e = stackalloc sbyte[64];
        for (var i = 0; i < 32; i++)
        {
            e[2 * i] = (sbyte)(a[i] & 15);
            e[(2 * i) + 1] = (sbyte)((a[i] >> 4) & 15);
        }

        var carry = 0;
        for (var i = 0; i < 63; i++)
        {
            var digit = e[i] + carry;
            carry = (digit + 8) >> 4;
            e[i] = (sbyte)(digit - (carry << 4));
        }

        e[63] = (sbyte)(e[63] + carry);

        h = GeP3.Identity;
        GeP1P1 r;
        for (var i = 1; i < 64; i += 2)
        {
            Select(out var t, i / 2, e[i]);
            EdwardsOps.MixedAdd(out r, h, t);
            EdwardsOps.ToP3(out h, r);
        }

        EdwardsOps.Double(out r, h);
        EdwardsOps.ToP2(out var s, r);
        EdwardsOps.Double(out r, s);
        EdwardsOps.ToP2(out s, r);
        EdwardsOps.Double(out r, s);
        EdwardsOps.ToP2(out s, r);
        EdwardsOps.Double(out r, s);
        EdwardsOps.ToP3(out h, r);

        for (var i = 0; i < 64; i += 2)
        {
            Select(out var t, i / 2, e[i]);
            EdwardsOps.MixedAdd(out r, h, t);
            EdwardsOps.ToP3(out h, r);
        }

        e.Clear();
    }

    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    private static void Select(out GePrecomp t, int position, sbyte digit)
    {
        int b = digit;
        var signMask = b >> 31;
        var absolute = (ulong)((b ^ signMask) - signMask);
        var negative = (ulong)(signMask & 1);

        t = GePrecomp.Identity;
        var row = EdwardsConstants.BaseTable.AsSpan(position * 8, 8);
        for (var j = 0; j < 8; j++)
        {
            var equal = ((absolute ^ (ulong)(j + 1)) - 1) >> 63;
            Fe25519.ConditionalMove(ref t.YPlusX, row[j].YPlusX, equal);
            Fe25519.ConditionalMove(ref t.YMinusX, row[j].YMinusX, equal);
            Fe25519.ConditionalMove(ref t.XY2d, row[j].XY2d, equal);
        }

        // -P swaps y+x with y-x and negates 2dxy.
        var minus = new GePrecomp { YPlusX = t.YMinusX, YMinusX = t.YPlusX };
        Fe25519.Negate(out minus.XY2d, t.XY2d);
        Fe25519.ConditionalMove(ref t.YPlusX, minus.YPlusX, negative);
        Fe25519.ConditionalMove(ref t.YMinusX, minus.YMinusX, negative);
        Fe25519.ConditionalMove(ref t.XY2d, minus.XY2d, negative);
    }

    /// <summary>r = a·A + b·B by interleaved signed sliding windows (ref10 ge_double_scalarmult_vartime). Public inputs only.</summary>
    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    public static void DoubleMultiplyVartime(out GeP2 r, ReadOnlySpan<byte> a, in GeP3 pointA, ReadOnlySpan<byte> b)
    {
        Span<sbyte> aSlide = stackalloc sbyte[256];
        Span<sbyte> bSlide = stackalloc sbyte[256];
        Slide(aSlide, a);
        Slide(bSlide, b);

        Span<GeCached> ai = stackalloc GeCached[8];
        EdwardsOps.ToCached(out ai[0], pointA);
        EdwardsOps.Double(out var t, pointA);
        EdwardsOps.ToP3(out var a2, t);
        for (var i = 0; i < 7; i++)
        {
            EdwardsOps.Add(out t, a2, ai[i]);
            EdwardsOps.ToP3(out var u, t);
            EdwardsOps.ToCached(out ai[i + 1], u);
        }

        r = new GeP2 { Y = Fe25519.One, Z = Fe25519.One };
        var top = 255;
        while (top >= 0 && aSlide[top] == 0 && bSlide[top] == 0)
        {
            top--;
        }

        var baseOdd = EdwardsConstants.BaseOdd;
        for (var i = top; i >= 0; i--)
        {
            EdwardsOps.Double(out t, r);
            if (aSlide[i] != 0)
            {
                EdwardsOps.ToP3(out var u, t);
                if (aSlide[i] > 0)
                {
                    EdwardsOps.Add(out t, u, ai[aSlide[i] / 2]);
                }
                else
                {
                    EdwardsOps.Subtract(out t, u, ai[-aSlide[i] / 2]);
                }
            }

            if (bSlide[i] != 0)
            {
                EdwardsOps.ToP3(out var u, t);
                if (bSlide[i] > 0)
                {
                    EdwardsOps.MixedAdd(out t, u, baseOdd[bSlide[i] / 2]);
                }
                else
                {
                    EdwardsOps.MixedSubtract(out t, u, baseOdd[-bSlide[i] / 2]);
                }
            }

            EdwardsOps.ToP2(out r, t);
        }
    }

    /// <summary>Signed window-5 digits (odd, in [-15, 15]) with zeros between them.</summary>
    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    private static void Slide(Span<sbyte> r, ReadOnlySpan<byte> a)
    {
        for (var i = 0; i < 256; i++)
        {
            r[i] = (sbyte)(1 & (a[i >> 3] >> (i & 7)));
        }

        for (var i = 0; i < 256; i++)
        {
            if (r[i] == 0)
            {
                continue;
            }

            for (var b = 1; b <= 6 && i + b < 256; b++)
            {
                if (r[i + b] == 0)
                {
                    continue;
                }

                if (r[i] + (r[i + b] << b) <= 15)
                {
                    r[i] = (sbyte)(r[i] + (r[i + b] << b));
                    r[i + b] = 0;
                }
                else if (r[i] - (r[i + b] << b) >= -15)
                {
                    r[i] = (sbyte)(r[i] - (r[i + b] << b));
                    for (var k = i + b; k < 256; k++)
                    {
                        if (r[k] == 0)
                        {
                            r[k] = 1;
                            break;
                        }

                        r[k] = 0;
                    }
                }
                else
                {
                    break;
                }
            }
        }
    }
}
