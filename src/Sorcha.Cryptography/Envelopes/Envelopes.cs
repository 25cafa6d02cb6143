using System.Security.Cryptography;

namespace Sorcha.Cryptography;

/// <summary>
/// Seals data for a recipient wallet's encryption key and opens it again. ECIES schemes derive the AES key with
/// HKDF-SHA256(ikm = shared secret, salt = empty, info = "sorcha/v1/ecies" || ephemeralPublicKey || recipientPublicKey).
/// Any failure to open (tampering, wrong key, malformed fields) is a <see cref="CryptographicException"/>.
/// </summary>
public static class Envelopes
{
    public static Envelope Seal(SignatureAlgorithm recipientAlgorithm, string recipientAddress, ReadOnlySpan<byte> recipientEncryptionPublicKey, ReadOnlySpan<byte> plaintext)
    {
        if (!Addresses.TryParse(recipientAddress, out var addressAlgorithm, out _) || addressAlgorithm != recipientAlgorithm)
        {
            throw new ArgumentException("The recipient must be a wallet address of the recipient's algorithm.", nameof(recipientAddress));
        }

        var scheme = EnvelopeSchemes.For(recipientAlgorithm);
        var key = new byte[EnvelopeCipher.KeySize];
        try
        {
            byte[]? ephemeral = null;
            byte[]? wrapped = null;
            switch (recipientAlgorithm)
            {
                case SignatureAlgorithm.ED25519:
                    ephemeral = X25519Ecies.Encapsulate(recipientEncryptionPublicKey, key);
                    break;
                case SignatureAlgorithm.NISTP256:
                    ephemeral = P256Ecies.Encapsulate(recipientEncryptionPublicKey, key);
                    break;
                default:
                    wrapped = RsaKeyWrap.Wrap(recipientEncryptionPublicKey, key);
                    break;
            }

            var (nonce, ciphertext) = EnvelopeCipher.Encrypt(key, plaintext);
            return new Envelope(scheme, recipientAddress, ephemeral, wrapped, nonce, ciphertext);
        }
        finally
        {
            CryptographicOperations.ZeroMemory(key);
        }
    }

    public static byte[] Open(Envelope envelope, ReadOnlySpan<byte> recipientEncryptionPrivateKey, ReadOnlySpan<byte> recipientEncryptionPublicKey)
    {
        ArgumentNullException.ThrowIfNull(envelope);
        var key = new byte[EnvelopeCipher.KeySize];
        try
        {
            switch (envelope.Scheme)
            {
                case EnvelopeSchemes.X25519:
                    RequireAbsent(envelope.WrappedKey, "wrappedKey");
                    X25519Ecies.Decapsulate(Require(envelope.EphemeralPublicKey, "ephemeralPublicKey"), recipientEncryptionPrivateKey, recipientEncryptionPublicKey, key);
                    break;
                case EnvelopeSchemes.P256:
                    RequireAbsent(envelope.WrappedKey, "wrappedKey");
                    P256Ecies.Decapsulate(Require(envelope.EphemeralPublicKey, "ephemeralPublicKey"), recipientEncryptionPrivateKey, recipientEncryptionPublicKey, key);
                    break;
                case EnvelopeSchemes.RsaOaep:
                    RequireAbsent(envelope.EphemeralPublicKey, "ephemeralPublicKey");
                    RsaKeyWrap.Unwrap(Require(envelope.WrappedKey, "wrappedKey"), recipientEncryptionPrivateKey, key);
                    break;
                default:
                    throw new CryptographicException($"Unknown envelope scheme '{envelope.Scheme}'.");
            }

            return EnvelopeCipher.Decrypt(key, envelope.Nonce, envelope.Ciphertext);
        }
        finally
        {
            CryptographicOperations.ZeroMemory(key);
        }
    }

    private static byte[] Require(byte[]? value, string name) =>
        value ?? throw new CryptographicException($"The envelope has no {name}, which its scheme requires.");

    private static void RequireAbsent(byte[]? value, string name)
    {
        if (value is not null)
        {
            throw new CryptographicException($"The envelope carries a {name}, which its scheme does not use.");
        }
    }
}
