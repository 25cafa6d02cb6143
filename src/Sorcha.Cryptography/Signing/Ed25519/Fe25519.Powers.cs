namespace Sorcha.Cryptography;

/// <summary>
/// Fixed exponentiations by the ref10 addition chains (constant time). The result may alias the input
/// (callers write Pow22523(out x, x)), so the input is copied before anything is written.
/// </summary>
internal partial struct Fe25519
{
    /// <summary>z^(p-2) = 1/z (and 0 for 0).</summary>
    public static void Invert(out Fe25519 r, in Fe25519 z)
    {
        var input = z;
        Chain(input, out var z11, out var z250);
        SquareTimes(out r, z250, 5);
        Mul(out r, r, z11); // 2^255 - 21
    }

    /// <summary>z^((p-5)/8) = z^(2^252 - 3), the core of the square root in point decompression.</summary>
    public static void Pow22523(out Fe25519 r, in Fe25519 z)
    {
        var input = z;
        Chain(input, out _, out var z250);
        SquareTimes(out r, z250, 2);
        Mul(out r, r, input); // 2^252 - 3
    }

    /// <summary>Computes z^11 and z^(2^250 - 1).</summary>
    private static void Chain(in Fe25519 z, out Fe25519 z11, out Fe25519 z250)
    {
        Square(out var z2, z);
        SquareTimes(out var t, z2, 2);
        Mul(out var z9, t, z);
        Mul(out z11, z9, z2);
        Square(out t, z11);
        Mul(out var z5, t, z9); // 2^5 - 1
        SquareTimes(out t, z5, 5);
        Mul(out var z10, t, z5); // 2^10 - 1
        SquareTimes(out t, z10, 10);
        Mul(out var z20, t, z10); // 2^20 - 1
        SquareTimes(out t, z20, 20);
        Mul(out t, t, z20); // 2^40 - 1
        SquareTimes(out t, t, 10);
        Mul(out var z50, t, z10); // 2^50 - 1
        SquareTimes(out t, z50, 50);
        Mul(out var z100, t, z50); // 2^100 - 1
        SquareTimes(out t, z100, 100);
        Mul(out t, t, z100); // 2^200 - 1
        SquareTimes(out t, t, 50);
        Mul(out z250, t, z50); // 2^250 - 1
    }
}
