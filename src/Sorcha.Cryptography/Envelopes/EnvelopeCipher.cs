using System.Security.Cryptography;
using System.Text;

namespace Sorcha.Cryptography;

/// <summary>The symmetric half shared by every scheme: the ECIES KDF and AES-256-GCM without AAD.</summary>
internal static class EnvelopeCipher
{
    public const int KeySize = 32;
    public const int NonceSize = 12;
    public const int TagSize = 16;

    private static readonly byte[] _info = Encoding.UTF8.GetBytes("sorcha/v1/ecies");

    public static void DeriveKey(ReadOnlySpan<byte> shared, ReadOnlySpan<byte> ephemeralPublicKey, ReadOnlySpan<byte> recipientPublicKey, Span<byte> key)
    {
        Span<byte> info = stackalloc byte[_info.Length + ephemeralPublicKey.Length + recipientPublicKey.Length];
        _info.CopyTo(info);
        ephemeralPublicKey.CopyTo(info[_info.Length..]);
        recipientPublicKey.CopyTo(info[(_info.Length + ephemeralPublicKey.Length)..]);
        HKDF.DeriveKey(HashAlgorithmName.SHA256, shared, key, salt: [], info);
    }

    public static (byte[] Nonce, byte[] Ciphertext) Encrypt(ReadOnlySpan<byte> key, ReadOnlySpan<byte> plaintext)
    {
        var nonce = RandomNumberGenerator.GetBytes(NonceSize);
        var output = new byte[plaintext.Length + TagSize];
        using var aes = new AesGcm(key, TagSize);
        aes.Encrypt(nonce, plaintext, output.AsSpan(0, plaintext.Length), output.AsSpan(plaintext.Length));
        return (nonce, output);
    }

    public static byte[] Decrypt(ReadOnlySpan<byte> key, byte[]? nonce, byte[]? ciphertext)
    {
        if (nonce is not { Length: NonceSize })
        {
            throw new CryptographicException("The envelope nonce must be 12 bytes.");
        }

        if (ciphertext is null || ciphertext.Length < TagSize)
        {
            throw new CryptographicException("The envelope ciphertext is shorter than its 16-byte tag.");
        }

        var plaintext = new byte[ciphertext.Length - TagSize];
        using var aes = new AesGcm(key, TagSize);
        try
        {
            aes.Decrypt(nonce, ciphertext.AsSpan(0, plaintext.Length), ciphertext.AsSpan(plaintext.Length), plaintext);
        }
        catch (AuthenticationTagMismatchException e)
        {
            throw new CryptographicException("The envelope failed authentication: it was altered or is not for this key.", e);
        }

        return plaintext;
    }
}
