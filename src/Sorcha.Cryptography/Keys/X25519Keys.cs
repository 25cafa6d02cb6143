namespace Sorcha.Cryptography;

/// <summary>
/// RFC 7748 X25519 with raw 32-byte scalars and u-coordinates (clamping happens inside): libsodium when it is loaded
/// (<see cref="CryptoBackend"/>), BouncyCastle otherwise. Both give the same bytes and the same verdict on an
/// all-zero shared secret.
/// </summary>
public static class X25519Keys
{
    public const int KeySize = 32;

    public static byte[] PublicKey(ReadOnlySpan<byte> privateKey)
    {
        RequireSize(privateKey, nameof(privateKey));
        var publicKey = new byte[KeySize];
        if (Sodium.IsAvailable)
        {
            SodiumX25519.PublicKey(privateKey, publicKey);
        }
        else
        {
            BouncyCastleX25519.PublicKey(privateKey, publicKey);
        }

        return publicKey;
    }

    /// <summary>
    /// X25519(k, u) into the first 32 bytes of <paramref name="shared"/>. Returns false, with those bytes zeroed, when
    /// the result is all zero (u of small order), which ECIES must reject.
    /// </summary>
    public static bool TrySharedSecret(ReadOnlySpan<byte> privateKey, ReadOnlySpan<byte> publicKey, Span<byte> shared)
    {
        RequireSize(privateKey, nameof(privateKey));
        RequireSize(publicKey, nameof(publicKey));
        if (shared.Length < KeySize)
        {
            throw new ArgumentException("The shared secret needs 32 bytes.", nameof(shared));
        }

        var result = shared[..KeySize];
        var ok = Sodium.IsAvailable
            ? SodiumX25519.TrySharedSecret(privateKey, publicKey, result)
            : BouncyCastleX25519.TrySharedSecret(privateKey, publicKey, result);
        if (!ok)
        {
            // libsodium leaves the output unwritten for the small-order points it lists; make both paths say zero.
            result.Clear();
        }

        return ok;
    }

    private static void RequireSize(ReadOnlySpan<byte> key, string name)
    {
        if (key.Length != KeySize)
        {
            throw new ArgumentException("X25519 keys are 32 bytes.", name);
        }
    }
}
