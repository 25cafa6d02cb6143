using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics.Arm;
using System.Runtime.Intrinsics.X86;

namespace Sorcha.Cryptography;

/// <summary>
/// An element of GF(2^255 - 19) in five 51-bit limbs (the "donna64" layout). Multiplication outputs and subtraction
/// outputs are carried (limbs ≲ 2^51); additions are not, which the callers' formulas tolerate (limbs stay ≲ 2^53).
/// Every operation is branch-free on the values it handles. The kernels are marked AggressiveOptimization so they run
/// fully optimized from the first call instead of waiting for tiered compilation.
/// </summary>
internal partial struct Fe25519
{
    private const ulong Mask = (1UL << 51) - 1;

    public ulong L0, L1, L2, L3, L4;

    public static Fe25519 Zero => default;

    public static Fe25519 One => new() { L0 = 1 };

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Add(out Fe25519 r, in Fe25519 a, in Fe25519 b)
    {
        r.L0 = a.L0 + b.L0;
        r.L1 = a.L1 + b.L1;
        r.L2 = a.L2 + b.L2;
        r.L3 = a.L3 + b.L3;
        r.L4 = a.L4 + b.L4;
    }

    /// <summary>a - b computed as a + 4p - b (no underflow for limbs below 2^53), then carried.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Sub(out Fe25519 r, in Fe25519 a, in Fe25519 b)
    {
        var t0 = a.L0 + 0x1FFFFFFFFFFFB4UL - b.L0;
        var t1 = a.L1 + 0x1FFFFFFFFFFFFCUL - b.L1;
        var t2 = a.L2 + 0x1FFFFFFFFFFFFCUL - b.L2;
        var t3 = a.L3 + 0x1FFFFFFFFFFFFCUL - b.L3;
        var t4 = a.L4 + 0x1FFFFFFFFFFFFCUL - b.L4;
        Carry(out r, t0, t1, t2, t3, t4);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Negate(out Fe25519 r, in Fe25519 a) => Sub(out r, Zero, a);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Carry(out Fe25519 r, ulong t0, ulong t1, ulong t2, ulong t3, ulong t4)
    {
        t1 += t0 >> 51;
        t0 &= Mask;
        t2 += t1 >> 51;
        t1 &= Mask;
        t3 += t2 >> 51;
        t2 &= Mask;
        t4 += t3 >> 51;
        t3 &= Mask;
        t0 += (t4 >> 51) * 19;
        t4 &= Mask;
        t1 += t0 >> 51;
        t0 &= Mask;
        r.L0 = t0;
        r.L1 = t1;
        r.L2 = t2;
        r.L3 = t3;
        r.L4 = t4;
    }

    // 128-bit column sums are kept as (hi, lo) ulong pairs: the JIT does not keep UInt128 temporaries in
    // registers, and Math.BigMul's out parameter is address-taken on x64; either made multiplication several times
    // slower. The high half comes from a register-only intrinsic and the low half from an ordinary multiply.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static ulong MulHigh(ulong a, ulong b)
    {
        if (Bmi2.X64.IsSupported)
        {
            return Bmi2.X64.MultiplyNoFlags(a, b);
        }

        if (ArmBase.Arm64.IsSupported)
        {
            return ArmBase.Arm64.MultiplyHigh(a, b);
        }

        return Math.BigMul(a, b, out _);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Mac(ref ulong hi, ref ulong lo, ulong a, ulong b)
    {
        var l = a * b;
        lo += l;
        hi += MulHigh(a, b) + (lo < l ? 1UL : 0UL);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static ulong Mul0(out ulong lo, ulong a, ulong b)
    {
        lo = a * b;
        return MulHigh(a, b);
    }

    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    public static void Mul(out Fe25519 r, in Fe25519 f, in Fe25519 g)
    {
        ulong f0 = f.L0, f1 = f.L1, f2 = f.L2, f3 = f.L3, f4 = f.L4;
        ulong g0 = g.L0, g1 = g.L1, g2 = g.L2, g3 = g.L3, g4 = g.L4;
        ulong g1x19 = g1 * 19, g2x19 = g2 * 19, g3x19 = g3 * 19, g4x19 = g4 * 19;

        // 2^255 = 19 (mod p): products whose limb index reaches 5 wrap around multiplied by 19.
        var h0 = Mul0(out var l0, f0, g0);
        Mac(ref h0, ref l0, f1, g4x19);
        Mac(ref h0, ref l0, f2, g3x19);
        Mac(ref h0, ref l0, f3, g2x19);
        Mac(ref h0, ref l0, f4, g1x19);

        var h1 = Mul0(out var l1, f0, g1);
        Mac(ref h1, ref l1, f1, g0);
        Mac(ref h1, ref l1, f2, g4x19);
        Mac(ref h1, ref l1, f3, g3x19);
        Mac(ref h1, ref l1, f4, g2x19);

        var h2 = Mul0(out var l2, f0, g2);
        Mac(ref h2, ref l2, f1, g1);
        Mac(ref h2, ref l2, f2, g0);
        Mac(ref h2, ref l2, f3, g4x19);
        Mac(ref h2, ref l2, f4, g3x19);

        var h3 = Mul0(out var l3, f0, g3);
        Mac(ref h3, ref l3, f1, g2);
        Mac(ref h3, ref l3, f2, g1);
        Mac(ref h3, ref l3, f3, g0);
        Mac(ref h3, ref l3, f4, g4x19);

        var h4 = Mul0(out var l4, f0, g4);
        Mac(ref h4, ref l4, f1, g3);
        Mac(ref h4, ref l4, f2, g2);
        Mac(ref h4, ref l4, f3, g1);
        Mac(ref h4, ref l4, f4, g0);

        Reduce(out r, h0, l0, h1, l1, h2, l2, h3, l3, h4, l4);
    }

    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    public static void Square(out Fe25519 r, in Fe25519 f)
    {
        ulong f0 = f.L0, f1 = f.L1, f2 = f.L2, f3 = f.L3, f4 = f.L4;
        ulong f0x2 = f0 * 2, f1x2 = f1 * 2, f2x2 = f2 * 2, f3x2 = f3 * 2;
        ulong f3x19 = f3 * 19, f4x19 = f4 * 19;

        var h0 = Mul0(out var l0, f0, f0);
        Mac(ref h0, ref l0, f1x2, f4x19);
        Mac(ref h0, ref l0, f2x2, f3x19);

        var h1 = Mul0(out var l1, f0x2, f1);
        Mac(ref h1, ref l1, f2x2, f4x19);
        Mac(ref h1, ref l1, f3, f3x19);

        var h2 = Mul0(out var l2, f0x2, f2);
        Mac(ref h2, ref l2, f1, f1);
        Mac(ref h2, ref l2, f3x2, f4x19);

        var h3 = Mul0(out var l3, f0x2, f3);
        Mac(ref h3, ref l3, f1x2, f2);
        Mac(ref h3, ref l3, f4, f4x19);

        var h4 = Mul0(out var l4, f0x2, f4);
        Mac(ref h4, ref l4, f1x2, f3);
        Mac(ref h4, ref l4, f2, f2);

        Reduce(out r, h0, l0, h1, l1, h2, l2, h3, l3, h4, l4);
    }

    /// <summary>2·f².</summary>
    public static void SquareDouble(out Fe25519 r, in Fe25519 f)
    {
        Square(out r, f);
        Add(out r, r, r);
    }

    /// <summary>f^(2^n).</summary>
    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    public static void SquareTimes(out Fe25519 r, in Fe25519 f, int n)
    {
        Square(out r, f);
        for (var i = 1; i < n; i++)
        {
            Square(out r, r);
        }
    }

    /// <summary>Carries five 128-bit column sums (each below 2^116) down to 51-bit limbs.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Reduce(out Fe25519 r, ulong h0, ulong l0, ulong h1, ulong l1, ulong h2, ulong l2, ulong h3, ulong l3, ulong h4, ulong l4)
    {
        // (hi:lo) >> 51 = (lo >> 51) | (hi << 13); every carry is below 2^65, so it is added as a 128-bit value.
        var r0 = l0 & Mask;
        var c = (l0 >> 51) | (h0 << 13);
        var ch = h0 >> 51;
        l1 += c;
        h1 += ch + (l1 < c ? 1UL : 0UL);
        var r1 = l1 & Mask;
        c = (l1 >> 51) | (h1 << 13);
        ch = h1 >> 51;
        l2 += c;
        h2 += ch + (l2 < c ? 1UL : 0UL);
        var r2 = l2 & Mask;
        c = (l2 >> 51) | (h2 << 13);
        ch = h2 >> 51;
        l3 += c;
        h3 += ch + (l3 < c ? 1UL : 0UL);
        var r3 = l3 & Mask;
        c = (l3 >> 51) | (h3 << 13);
        ch = h3 >> 51;
        l4 += c;
        h4 += ch + (l4 < c ? 1UL : 0UL);
        var r4 = l4 & Mask;
        c = (l4 >> 51) | (h4 << 13);
        r0 += c * 19;
        r1 += r0 >> 51;
        r0 &= Mask;
        r.L0 = r0;
        r.L1 = r1;
        r.L2 = r2;
        r.L3 = r3;
        r.L4 = r4;
    }
}
