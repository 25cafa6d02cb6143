using System.Numerics;

namespace Sorcha.Cryptography;

/// <summary>
/// Curve constants and base-point tables. They are derived here at type initialization from their definitions
/// (d = -121665/121666, sqrt(-1) = 2^((p-1)/4), B = the point with y = 4/5 and even x) instead of being pasted in
/// as hundreds of literals; the RFC 8032 test vectors then check all of it end to end. None of it is secret.
/// </summary>
internal static class EdwardsConstants
{
    public static readonly Fe25519 D;
    public static readonly Fe25519 D2;
    public static readonly Fe25519 SqrtM1;

    /// <summary>BaseTable[i * 8 + j] = (j + 1) · 256^i · B, for the constant-time fixed-base comb.</summary>
    public static readonly GePrecomp[] BaseTable;

    /// <summary>BaseOdd[j] = (2j + 1) · B, for the sliding-window verification.</summary>
    public static readonly GePrecomp[] BaseOdd;

    private static readonly BigInteger _p = (BigInteger.One << 255) - 19;

#pragma warning disable CA1810 // The constants depend on each other in order; a static constructor states that plainly.
    static EdwardsConstants()
#pragma warning restore CA1810
    {
        Fe25519.Invert(out var inverse, Small(121666));
        Fe25519.Mul(out var d, Small(121665), inverse);
        Fe25519.Negate(out D, d);
        Fe25519.Add(out D2, D, D);
        SqrtM1 = Power(Small(2), (_p - 1) / 4);

        Span<byte> encodedBase = stackalloc byte[32];
        encodedBase.Fill(0x66);
        encodedBase[0] = 0x58;
        if (!EdwardsPoint.TryDecode(out var b, encodedBase))
        {
            throw new InvalidOperationException("The Ed25519 base point failed to decode.");
        }

        BaseTable = BuildCombTable(b);
        BaseOdd = BuildOddMultiples(b, 8);
    }

    private static GePrecomp[] BuildCombTable(in GeP3 b)
    {
        var table = new GePrecomp[32 * 8];
        var row = b;
        for (var i = 0; i < 32; i++)
        {
            EdwardsOps.ToCached(out var rowCached, row);
            var multiple = row;
            for (var j = 0; j < 8; j++)
            {
                table[(i * 8) + j] = ToPrecomp(multiple);
                EdwardsOps.Add(out var sum, multiple, rowCached);
                EdwardsOps.ToP3(out multiple, sum);
            }

            for (var k = 0; k < 8; k++)
            {
                EdwardsOps.Double(out var doubled, row);
                EdwardsOps.ToP3(out row, doubled);
            }
        }

        return table;
    }

    private static GePrecomp[] BuildOddMultiples(in GeP3 b, int count)
    {
        var result = new GePrecomp[count];
        EdwardsOps.Double(out var twice, b);
        EdwardsOps.ToP3(out var twoB, twice);
        EdwardsOps.ToCached(out var twoBCached, twoB);
        var current = b;
        for (var i = 0; i < count; i++)
        {
            result[i] = ToPrecomp(current);
            EdwardsOps.Add(out var next, current, twoBCached);
            EdwardsOps.ToP3(out current, next);
        }

        return result;
    }

    private static GePrecomp ToPrecomp(in GeP3 p)
    {
        Fe25519.Invert(out var zInverse, p.Z);
        Fe25519.Mul(out var x, p.X, zInverse);
        Fe25519.Mul(out var y, p.Y, zInverse);
        GePrecomp r;
        Fe25519.Add(out r.YPlusX, y, x);
        Fe25519.Sub(out r.YMinusX, y, x);
        Fe25519.Mul(out var xy, x, y);
        Fe25519.Mul(out r.XY2d, xy, D2);
        return r;
    }

    private static Fe25519 Small(ulong value) => new() { L0 = value };

    private static Fe25519 Power(in Fe25519 value, BigInteger exponent)
    {
        var result = Fe25519.One;
        for (var bit = (int)exponent.GetBitLength() - 1; bit >= 0; bit--)
        {
            Fe25519.Square(out result, result);
            if (!(exponent >> bit).IsEven)
            {
                Fe25519.Mul(out result, result, value);
            }
        }

        return result;
    }
}
