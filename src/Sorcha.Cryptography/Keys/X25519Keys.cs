using NSec.Cryptography;

namespace Sorcha.Cryptography;

/// <summary>
/// RFC 7748 X25519 with raw 32-byte scalars and u-coordinates (clamping happens inside, the u's top bit is ignored),
/// through NSec (libsodium). A private key becomes an NSec <see cref="Key"/> only for the call.
/// </summary>
public static class X25519Keys
{
    public const int KeySize = 32;

    private static readonly KeyAgreementAlgorithm _x25519 = KeyAgreementAlgorithm.X25519;

    public static byte[] PublicKey(ReadOnlySpan<byte> privateKey)
    {
        using var key = Import(privateKey);
        return key.PublicKey.Export(KeyBlobFormat.RawPublicKey);
    }

    /// <summary>
    /// X25519(k, u) into the first 32 bytes of <paramref name="shared"/>. Returns false, with those bytes zeroed, when
    /// the result is all zero or u is one of libsodium's small-order points, which ECIES must reject.
    /// </summary>
    public static bool TrySharedSecret(ReadOnlySpan<byte> privateKey, ReadOnlySpan<byte> publicKey, Span<byte> shared)
    {
        using var key = Import(privateKey);
        return TryAgree(key, publicKey, shared);
    }

    internal static Key Import(ReadOnlySpan<byte> privateKey)
    {
        RequireSize(privateKey, nameof(privateKey));
        return Key.Import(_x25519, privateKey, KeyBlobFormat.RawPrivateKey);
    }

    internal static bool TryAgree(Key key, ReadOnlySpan<byte> publicKey, Span<byte> shared)
    {
        RequireSize(publicKey, nameof(publicKey));
        if (shared.Length < KeySize)
        {
            throw new ArgumentException("The shared secret needs 32 bytes.", nameof(shared));
        }

        var result = shared[..KeySize];
        var peer = NSec.Cryptography.PublicKey.Import(_x25519, publicKey, KeyBlobFormat.RawPublicKey);
        // Exportable once, into the caller's buffer, for HKDF.
        using var secret = _x25519.Agree(key, peer, new SharedSecretCreationParameters { ExportPolicy = KeyExportPolicies.AllowPlaintextExport });
        if (secret is null || !secret.TryExport(SharedSecretBlobFormat.RawSharedSecret, result, out _))
        {
            result.Clear();
            return false;
        }

        return true;
    }

    private static void RequireSize(ReadOnlySpan<byte> key, string name)
    {
        if (key.Length != KeySize)
        {
            throw new ArgumentException("X25519 keys are 32 bytes.", name);
        }
    }
}
