using System.Runtime.CompilerServices;

namespace Sorcha.Cryptography;

/// <summary>ref10 point arithmetic (Hisil–Wong–Carter–Dawson extended coordinates, a = -1).</summary>
internal static class EdwardsOps
{
    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    public static void ToP2(out GeP2 r, in GeP1P1 p)
    {
        Fe25519.Mul(out r.X, p.X, p.T);
        Fe25519.Mul(out r.Y, p.Y, p.Z);
        Fe25519.Mul(out r.Z, p.Z, p.T);
    }

    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    public static void ToP3(out GeP3 r, in GeP1P1 p)
    {
        Fe25519.Mul(out r.X, p.X, p.T);
        Fe25519.Mul(out r.Y, p.Y, p.Z);
        Fe25519.Mul(out r.Z, p.Z, p.T);
        Fe25519.Mul(out r.T, p.X, p.Y);
    }

    public static void ToP2(out GeP2 r, in GeP3 p)
    {
        r.X = p.X;
        r.Y = p.Y;
        r.Z = p.Z;
    }

    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    public static void ToCached(out GeCached r, in GeP3 p)
    {
        Fe25519.Add(out r.YPlusX, p.Y, p.X);
        Fe25519.Sub(out r.YMinusX, p.Y, p.X);
        r.Z = p.Z;
        Fe25519.Mul(out r.T2d, p.T, EdwardsConstants.D2);
    }

    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    public static void Double(out GeP1P1 r, in GeP2 p)
    {
        Fe25519.Square(out r.X, p.X);
        Fe25519.Square(out r.Z, p.Y);
        Fe25519.SquareDouble(out r.T, p.Z);
        Fe25519.Add(out r.Y, p.X, p.Y);
        Fe25519.Square(out var t0, r.Y);
        Fe25519.Add(out r.Y, r.Z, r.X);
        Fe25519.Sub(out r.Z, r.Z, r.X);
        Fe25519.Sub(out r.X, t0, r.Y);
        Fe25519.Sub(out r.T, r.T, r.Z);
    }

    public static void Double(out GeP1P1 r, in GeP3 p)
    {
        ToP2(out var q, p);
        Double(out r, q);
    }

    public static void Add(out GeP1P1 r, in GeP3 p, in GeCached q) => AddOrSubtract(out r, p, q.YPlusX, q.YMinusX, q.Z, q.T2d, subtract: false);

    public static void Subtract(out GeP1P1 r, in GeP3 p, in GeCached q) => AddOrSubtract(out r, p, q.YMinusX, q.YPlusX, q.Z, q.T2d, subtract: true);

    /// <summary>Mixed addition with an affine precomputed point (its Z is 1).</summary>
    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    public static void MixedAdd(out GeP1P1 r, in GeP3 p, in GePrecomp q)
    {
        Fe25519.Add(out r.X, p.Y, p.X);
        Fe25519.Sub(out r.Y, p.Y, p.X);
        Fe25519.Mul(out r.Z, r.X, q.YPlusX);
        Fe25519.Mul(out r.Y, r.Y, q.YMinusX);
        Fe25519.Mul(out r.T, q.XY2d, p.T);
        Fe25519.Add(out var t0, p.Z, p.Z);
        Fe25519.Sub(out r.X, r.Z, r.Y);
        Fe25519.Add(out r.Y, r.Z, r.Y);
        Fe25519.Add(out r.Z, t0, r.T);
        Fe25519.Sub(out r.T, t0, r.T);
    }

    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    public static void MixedSubtract(out GeP1P1 r, in GeP3 p, in GePrecomp q)
    {
        Fe25519.Add(out r.X, p.Y, p.X);
        Fe25519.Sub(out r.Y, p.Y, p.X);
        Fe25519.Mul(out r.Z, r.X, q.YMinusX);
        Fe25519.Mul(out r.Y, r.Y, q.YPlusX);
        Fe25519.Mul(out r.T, q.XY2d, p.T);
        Fe25519.Add(out var t0, p.Z, p.Z);
        Fe25519.Sub(out r.X, r.Z, r.Y);
        Fe25519.Add(out r.Y, r.Z, r.Y);
        Fe25519.Sub(out r.Z, t0, r.T);
        Fe25519.Add(out r.T, t0, r.T);
    }

    // Subtraction is addition of the negated point: (Y+X, Y-X) swap roles and 2dT changes sign.
    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    private static void AddOrSubtract(out GeP1P1 r, in GeP3 p, in Fe25519 yPlusX, in Fe25519 yMinusX, in Fe25519 z, in Fe25519 t2d, bool subtract)
    {
        Fe25519.Add(out r.X, p.Y, p.X);
        Fe25519.Sub(out r.Y, p.Y, p.X);
        Fe25519.Mul(out r.Z, r.X, yPlusX);
        Fe25519.Mul(out r.Y, r.Y, yMinusX);
        Fe25519.Mul(out r.T, t2d, p.T);
        Fe25519.Mul(out r.X, p.Z, z);
        Fe25519.Add(out var t0, r.X, r.X);
        Fe25519.Sub(out r.X, r.Z, r.Y);
        Fe25519.Add(out r.Y, r.Z, r.Y);
        if (subtract)
        {
            Fe25519.Sub(out r.Z, t0, r.T);
            Fe25519.Add(out r.T, t0, r.T);
        }
        else
        {
            Fe25519.Add(out r.Z, t0, r.T);
            Fe25519.Sub(out r.T, t0, r.T);
        }
    }
}
