namespace Sorcha.Cryptography;

// Point representations of ref10 on -x^2 + y^2 = 1 + d x^2 y^2. Each is sized for the formula that consumes it.

/// <summary>Projective (X:Y:Z): x = X/Z, y = Y/Z. Cheapest input to doubling.</summary>
internal struct GeP2
{
    public Fe25519 X, Y, Z;
}

/// <summary>Extended (X:Y:Z:T) with XY = ZT. Input to additions.</summary>
internal struct GeP3
{
    public Fe25519 X, Y, Z, T;

    public static GeP3 Identity => new() { Y = Fe25519.One, Z = Fe25519.One };
}

/// <summary>Completed ((X:Z),(Y:T)): x = X/Z, y = Y/T. What additions and doublings produce.</summary>
internal struct GeP1P1
{
    public Fe25519 X, Y, Z, T;
}

/// <summary>A point prepared for repeated addition: (Y+X, Y-X, Z, 2dT).</summary>
internal struct GeCached
{
    public Fe25519 YPlusX, YMinusX, Z, T2d;
}

/// <summary>An affine point prepared for mixed addition: (y+x, y-x, 2dxy). The base-point tables hold these.</summary>
internal struct GePrecomp
{
    public Fe25519 YPlusX, YMinusX, XY2d;

    public static GePrecomp Identity => new() { YPlusX = Fe25519.One, YMinusX = Fe25519.One };
}
