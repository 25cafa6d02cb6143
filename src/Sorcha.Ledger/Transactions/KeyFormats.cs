using Sorcha.Cryptography;

namespace Sorcha.Ledger.Transactions;

/// <summary>Size and shape rules of public keys and signatures per algorithm (api.md, "Key formats").</summary>
public static class KeyFormats
{
    public static int SignatureLength(SignatureAlgorithm algorithm) => algorithm switch
    {
        SignatureAlgorithm.ED25519 => 64,
        SignatureAlgorithm.NISTP256 => 64,
        SignatureAlgorithm.RSA4096 => 512,
        _ => throw new ArgumentOutOfRangeException(nameof(algorithm)),
    };

    /// <summary>
    /// Null when the key has the right encoding for the algorithm, otherwise why not. Only sizes are checked for the
    /// curve keys (the signature check rejects a point off the curve anyway, and this runs on every submission);
    /// RSA keys are DER-decoded because their size cannot be told from the length alone.
    /// </summary>
    public static string? CheckPublicKey(SignatureAlgorithm algorithm, ReadOnlySpan<byte> key) => algorithm switch
    {
        SignatureAlgorithm.ED25519 when key.Length != 32 => $"must be 32 bytes for ED25519 (got {key.Length})",
        SignatureAlgorithm.NISTP256 when key.Length != 65 || key[0] != 0x04 =>
            $"must be an uncompressed SEC1 point (65 bytes starting 0x04) for NISTP256 (got {key.Length} bytes)",
        SignatureAlgorithm.RSA4096 when !Signatures.IsValidPublicKey(SignatureAlgorithm.RSA4096, key) =>
            "must be a DER SubjectPublicKeyInfo of a 4096-bit RSA key for RSA4096",
        _ => null,
    };
}
