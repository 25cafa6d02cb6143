using System.Security.Cryptography;
using NSec.Cryptography;

namespace Sorcha.Cryptography;

/// <summary>ECIES-X25519-HKDF-SHA256-AES256GCM key agreement.</summary>
internal static class X25519Ecies
{
    /// <summary>A fresh ephemeral key agreed with the recipient's: its public half, and the AES key in <paramref name="key"/>.</summary>
    public static byte[] Encapsulate(ReadOnlySpan<byte> recipientPublicKey, Span<byte> key)
    {
        if (recipientPublicKey.Length != X25519Keys.KeySize)
        {
            throw new ArgumentException("An X25519 encryption public key is 32 bytes.", nameof(recipientPublicKey));
        }

        var ephemeralPublic = new byte[X25519Keys.KeySize];
        Span<byte> shared = stackalloc byte[X25519Keys.KeySize];
        try
        {
            if (!X25519Ephemeral.TryAgree(recipientPublicKey, ephemeralPublic, shared))
            {
                throw new ArgumentException("The recipient X25519 key is of small order.", nameof(recipientPublicKey));
            }

            EnvelopeCipher.DeriveKey(shared, ephemeralPublic, recipientPublicKey, key);
            return ephemeralPublic;
        }
        finally
        {
            CryptographicOperations.ZeroMemory(shared);
        }
    }

    public static void Decapsulate(byte[] ephemeralPublicKey, ReadOnlySpan<byte> privateKey, ReadOnlySpan<byte> publicKey, Span<byte> key)
    {
        if (ephemeralPublicKey.Length != X25519Keys.KeySize || privateKey.Length != X25519Keys.KeySize || publicKey.Length != X25519Keys.KeySize)
        {
            throw new CryptographicException("X25519 envelope keys must be 32 bytes each.");
        }

        using var recipient = X25519Keys.Import(privateKey);
        if (!CryptographicOperations.FixedTimeEquals(recipient.PublicKey.Export(KeyBlobFormat.RawPublicKey), publicKey))
        {
            throw new CryptographicException("The recipient encryption private and public keys do not belong together.");
        }

        Span<byte> shared = stackalloc byte[X25519Keys.KeySize];
        try
        {
            if (!X25519Keys.TryAgree(recipient, ephemeralPublicKey, shared))
            {
                throw new CryptographicException("The envelope's ephemeral key is of small order (all-zero shared secret).");
            }

            EnvelopeCipher.DeriveKey(shared, ephemeralPublicKey, publicKey, key);
        }
        finally
        {
            CryptographicOperations.ZeroMemory(shared);
        }
    }
}
