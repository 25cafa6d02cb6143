namespace Sorcha.Cryptography;

/// <summary>Wallet algorithms; the numeric value is the address algorithmId, so it must never change.</summary>
public enum SignatureAlgorithm
{
    ED25519 = 1,
    NISTP256 = 2,
    RSA4096 = 3,
}
