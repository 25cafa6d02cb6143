namespace Sorcha.Cryptography;

/// <summary>
/// Signing in the API's formats. ED25519: 32-byte seed, raw 32-byte public key, pure RFC 8032 signature (64 bytes).
/// NISTP256: 32-byte scalar d, uncompressed SEC1 public key, ECDSA SHA-256 IEEE P1363 r||s (64 bytes).
/// RSA4096: PKCS#8 DER private key, SubjectPublicKeyInfo DER public key, RSASSA-PSS SHA-256 salt 32 (512 bytes).
/// </summary>
public static class Signatures
{
    public static KeyPair Generate(SignatureAlgorithm algorithm) => algorithm switch
    {
        SignatureAlgorithm.ED25519 => Ed25519Signing.Generate(),
        SignatureAlgorithm.NISTP256 => P256Signing.Generate(),
        SignatureAlgorithm.RSA4096 => RsaPssSigning.Generate(),
        _ => throw UnknownAlgorithm(algorithm),
    };

    /// <summary>Signs <paramref name="data"/>; a malformed private key throws <see cref="ArgumentException"/>.</summary>
    public static byte[] Sign(SignatureAlgorithm algorithm, ReadOnlySpan<byte> privateKey, ReadOnlySpan<byte> data) => algorithm switch
    {
        SignatureAlgorithm.ED25519 => Ed25519Signing.Sign(privateKey, data),
        SignatureAlgorithm.NISTP256 => P256Signing.Sign(privateKey, data),
        SignatureAlgorithm.RSA4096 => RsaPssSigning.Sign(privateKey, data),
        _ => throw UnknownAlgorithm(algorithm),
    };

    /// <summary>True only for a valid signature; malformed keys or signatures (and unknown algorithms) give false.</summary>
    public static bool Verify(SignatureAlgorithm algorithm, ReadOnlySpan<byte> publicKey, ReadOnlySpan<byte> data, ReadOnlySpan<byte> signature) => algorithm switch
    {
        SignatureAlgorithm.ED25519 => Ed25519Signing.Verify(publicKey, data, signature),
        SignatureAlgorithm.NISTP256 => P256Signing.Verify(publicKey, data, signature),
        SignatureAlgorithm.RSA4096 => RsaPssSigning.Verify(publicKey, data, signature),
        _ => false,
    };

    public static byte[] PublicKeyFromPrivate(SignatureAlgorithm algorithm, ReadOnlySpan<byte> privateKey) => algorithm switch
    {
        SignatureAlgorithm.ED25519 => Ed25519Signing.PublicKeyFromPrivate(privateKey),
        SignatureAlgorithm.NISTP256 => P256Signing.PublicKeyFromPrivate(privateKey),
        SignatureAlgorithm.RSA4096 => RsaPssSigning.PublicKeyFromPrivate(privateKey),
        _ => throw UnknownAlgorithm(algorithm),
    };

    public static bool IsValidPublicKey(SignatureAlgorithm algorithm, ReadOnlySpan<byte> publicKey) => algorithm switch
    {
        SignatureAlgorithm.ED25519 => Ed25519Signing.IsValidPublicKey(publicKey),
        SignatureAlgorithm.NISTP256 => P256Curve.IsValidPublicKey(publicKey),
        SignatureAlgorithm.RSA4096 => RsaPssSigning.IsValidPublicKey(publicKey),
        _ => false,
    };

    internal static ArgumentOutOfRangeException UnknownAlgorithm(SignatureAlgorithm algorithm) =>
        new(nameof(algorithm), algorithm, "Unknown signature algorithm.");
}
