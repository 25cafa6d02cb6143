using System.Security.Cryptography;

namespace Sorcha.Cryptography;

/// <summary>RSA-OAEP-SHA256-AES256GCM key wrapping (the BCL's OAEP-SHA256 uses MGF1 with SHA-256).</summary>
internal static class RsaKeyWrap
{
    public static byte[] Wrap(ReadOnlySpan<byte> recipientPublicKey, ReadOnlySpan<byte> key)
    {
        using var rsa = RsaPssSigning.TryImportPublic(recipientPublicKey)
            ?? throw new ArgumentException("An RSA4096 encryption public key is SubjectPublicKeyInfo DER of 4096 bits.", nameof(recipientPublicKey));
        return rsa.Encrypt(key.ToArray(), RSAEncryptionPadding.OaepSHA256);
    }

    public static void Unwrap(byte[] wrappedKey, ReadOnlySpan<byte> privateKey, Span<byte> key)
    {
        RSA rsa;
        try
        {
            rsa = RsaPssSigning.ImportPrivate(privateKey);
        }
        catch (ArgumentException e)
        {
            throw new CryptographicException("The recipient RSA encryption private key is malformed.", e);
        }

        using (rsa)
        {
            byte[] unwrapped;
            try
            {
                unwrapped = rsa.Decrypt(wrappedKey, RSAEncryptionPadding.OaepSHA256);
            }
            catch (CryptographicException e)
            {
                throw new CryptographicException("The envelope's wrapped key does not open with this RSA key.", e);
            }

            if (unwrapped.Length != EnvelopeCipher.KeySize)
            {
                CryptographicOperations.ZeroMemory(unwrapped);
                throw new CryptographicException("The envelope's wrapped key is not 32 bytes.");
            }

            unwrapped.CopyTo(key);
            CryptographicOperations.ZeroMemory(unwrapped);
        }
    }
}
