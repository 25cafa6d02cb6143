using NSec.Cryptography;
using BouncyCastleEd25519 = Org.BouncyCastle.Math.EC.Rfc8032.Ed25519;

namespace Sorcha.Cryptography;

/// <summary>
/// Pure Ed25519 (RFC 8032 §5.1) with 32-byte seeds and raw 32-byte public keys, through NSec (libsodium 1.0.22 from
/// the libsodium package, the same native library on every platform). A seed becomes an NSec <see cref="Key"/> only
/// for the call, in libsodium's guarded memory, and is never exported again; NSec derives the public key itself, so
/// the challenge hash never holds a public key that does not belong to the seed.
/// <para>
/// What a valid signature is, for every node (docs/api.md, "Signatures"): exactly what libsodium's
/// <c>crypto_sign_ed25519_verify_detached</c> accepts (built without ED25519_COMPAT), which the tests pin on vectors
/// built by an independent BigInteger implementation:
/// </para>
/// <list type="number">
/// <item>The public key is 32 bytes and the signature 64 (R = first 32, S = last 32).</item>
/// <item>S &lt; L, the group order (no malleable S + L).</item>
/// <item>R is not one of libsodium's seven small-order encodings (sign bit ignored).</item>
/// <item>The public key A encodes y &lt; p (sign bit ignored), is not a small-order encoding, and y is on the curve.</item>
/// <item>Cofactorless equation: the encoding of [S]B − [k]A must equal R byte for byte, k = SHA-512(R ‖ A ‖ M) mod L.
/// So a non-canonical R never verifies, and keys or R with a small-order component (mixed order) verify only when
/// this exact equation holds (the "cofactored" variant [8][S]B = [8]R + [8][k]A is not used).</item>
/// </list>
/// </summary>
internal static class Ed25519Signing
{
    public const int SeedSize = 32;
    public const int PublicKeySize = 32;
    public const int SignatureSize = 64;

    private static readonly Ed25519 _ed25519 = NSec.Cryptography.SignatureAlgorithm.Ed25519;

    internal static Ed25519 Algorithm => _ed25519;

    // The canonical encodings of the eight points of small order: y = 0 and the two y's of order 8 with either sign of
    // x, and y = 1 and y = p − 1, whose x is 0 (so only sign bit 0).
    private static readonly byte[][] _smallOrderKeys =
    [
        .. new[]
        {
            "0000000000000000000000000000000000000000000000000000000000000000",
            "0000000000000000000000000000000000000000000000000000000000000080",
            "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05",
            "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc85",
            "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a",
            "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac03fa",
            "0100000000000000000000000000000000000000000000000000000000000000",
            "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
        }.Select(Hashes.FromHex),
    ];

    /// <summary>The one place a seed leaves NSec: the Wallet seals it (KeyProtection) to sign with it later.</summary>
    public static KeyPair Generate()
    {
        using var key = Key.Create(_ed25519, new KeyCreationParameters { ExportPolicy = KeyExportPolicies.AllowPlaintextExport });
        return new KeyPair(key.Export(KeyBlobFormat.RawPrivateKey), key.PublicKey.Export(KeyBlobFormat.RawPublicKey));
    }

    public static byte[] Sign(ReadOnlySpan<byte> privateKey, ReadOnlySpan<byte> message)
    {
        using var key = Import(privateKey);
        return _ed25519.Sign(key, message);
    }

    public static bool Verify(ReadOnlySpan<byte> publicKey, ReadOnlySpan<byte> message, ReadOnlySpan<byte> signature) =>
        PublicKey.TryImport(_ed25519, publicKey, KeyBlobFormat.RawPublicKey, out var key) && _ed25519.Verify(key!, message, signature);

    public static byte[] PublicKeyFromPrivate(ReadOnlySpan<byte> privateKey)
    {
        using var key = Import(privateKey);
        return key.PublicKey.Export(KeyBlobFormat.RawPublicKey);
    }

    /// <summary>
    /// Encoding validity only: y &lt; p, on the curve, no "negative zero" x (RFC 8032 §5.1.3). A small-order key is well
    /// formed here (wallet verify answers valid: false for it, not 400); BouncyCastle's check rejects those eight
    /// encodings, and libsodium has no check that keeps them, hence the list.
    /// </summary>
    public static bool IsValidPublicKey(ReadOnlySpan<byte> publicKey) =>
        publicKey.Length == PublicKeySize
        && (BouncyCastleEd25519.ValidatePublicKeyPartial(publicKey) || IsSmallOrderKey(publicKey));

    private static bool IsSmallOrderKey(ReadOnlySpan<byte> publicKey)
    {
        foreach (var key in _smallOrderKeys)
        {
            if (publicKey.SequenceEqual(key))
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>
    /// Importing derives the public key again (NSec takes no known one), so a signature costs about two scalar
    /// multiplications; in exchange nothing derived from a private key outlives the call.
    /// </summary>
    internal static Key Import(ReadOnlySpan<byte> privateKey)
    {
        if (privateKey.Length != SeedSize)
        {
            throw new ArgumentException("An ED25519 private key is a 32-byte seed.", nameof(privateKey));
        }

        // The default creation parameters allow no export: the key can only sign.
        return Key.Import(_ed25519, privateKey, KeyBlobFormat.RawPrivateKey);
    }
}
