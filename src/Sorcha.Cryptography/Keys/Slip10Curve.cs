namespace Sorcha.Cryptography;

/// <summary>The SLIP-0010 curves Sorcha derives keys on.</summary>
public enum Slip10Curve
{
    Ed25519,
    NistP256,
}
