using System.Security.Cryptography;

namespace Sorcha.Cryptography;

/// <summary>
/// Private keys at rest: version(1) || nonce(12) || ciphertext || tag(16), AES-256-GCM under a 32-byte KEK.
/// The associated data (e.g. the wallet address) binds a sealed key to its owner so blobs cannot be swapped.
/// </summary>
public static class KeyProtection
{
    public const byte Version = 1;
    public const int KekSize = 32;

    private const int NonceSize = 12;
    private const int TagSize = 16;
    private const int Overhead = 1 + NonceSize + TagSize;

    public static byte[] Seal(ReadOnlySpan<byte> kek32, ReadOnlySpan<byte> plaintext, ReadOnlySpan<byte> associatedData)
    {
        RequireKek(kek32);
        var output = new byte[Overhead + plaintext.Length];
        output[0] = Version;
        var nonce = output.AsSpan(1, NonceSize);
        RandomNumberGenerator.Fill(nonce);
        using var aes = new AesGcm(kek32, TagSize);
        aes.Encrypt(nonce, plaintext, output.AsSpan(1 + NonceSize, plaintext.Length), output.AsSpan(output.Length - TagSize), associatedData);
        return output;
    }

    public static byte[] Open(ReadOnlySpan<byte> kek32, ReadOnlySpan<byte> sealedData, ReadOnlySpan<byte> associatedData)
    {
        RequireKek(kek32);
        if (sealedData.Length < Overhead)
        {
            throw new CryptographicException("The protected key is too short.");
        }

        if (sealedData[0] != Version)
        {
            throw new CryptographicException($"Unknown protected key version {sealedData[0]}.");
        }

        var plaintext = new byte[sealedData.Length - Overhead];
        using var aes = new AesGcm(kek32, TagSize);
        try
        {
            aes.Decrypt(sealedData.Slice(1, NonceSize), sealedData.Slice(1 + NonceSize, plaintext.Length), sealedData[^TagSize..], plaintext, associatedData);
        }
        catch (AuthenticationTagMismatchException e)
        {
            throw new CryptographicException("The protected key failed authentication: wrong key-encryption key, associated data, or altered data.", e);
        }

        return plaintext;
    }

    private static void RequireKek(ReadOnlySpan<byte> kek)
    {
        if (kek.Length != KekSize)
        {
            throw new ArgumentException("The key-encryption key must be 32 bytes.", nameof(kek));
        }
    }
}
