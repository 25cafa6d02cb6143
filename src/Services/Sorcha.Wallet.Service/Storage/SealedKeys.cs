using System.Text;
using Sorcha.ApiPlatform.Secrets;
using Sorcha.Cryptography;

namespace Sorcha.Wallet.Service.Storage;

/// <summary>Seals and opens a wallet's two private keys as one blob: len(signing) (4 bytes, big-endian) || signing || encryption.</summary>
public static class SealedKeys
{
    public static byte[] Seal(KeyEncryptionKey kek, string address, WalletKeys keys)
    {
        var signing = keys.Signing.PrivateKey;
        var encryption = keys.Encryption.PrivateKey;
        var plain = new byte[4 + signing.Length + encryption.Length];
        try
        {
            System.Buffers.Binary.BinaryPrimitives.WriteInt32BigEndian(plain, signing.Length);
            signing.CopyTo(plain, 4);
            encryption.CopyTo(plain, 4 + signing.Length);
            return KeyProtection.Seal(kek.Key, plain, AssociatedData(address));
        }
        finally
        {
            System.Security.Cryptography.CryptographicOperations.ZeroMemory(plain);
        }
    }

    /// <summary>The private keys; callers zero them when done.</summary>
    public static (byte[] Signing, byte[] Encryption) Open(KeyEncryptionKey kek, WalletRecord wallet)
    {
        var plain = KeyProtection.Open(kek.Key, wallet.SealedPrivateKeys, AssociatedData(wallet.Address));
        try
        {
            var length = System.Buffers.Binary.BinaryPrimitives.ReadInt32BigEndian(plain);
            return (plain[4..(4 + length)], plain[(4 + length)..]);
        }
        finally
        {
            System.Security.Cryptography.CryptographicOperations.ZeroMemory(plain);
        }
    }

    /// <summary>
    /// The wallet's BIP-39 seed, sealed as its keys are but under its own associated data, so a seed blob and a key
    /// blob can never stand in for each other.
    /// </summary>
    public static byte[] SealSeed(KeyEncryptionKey kek, string address, ReadOnlySpan<byte> seed) =>
        KeyProtection.Seal(kek.Key, seed, SeedAssociatedData(address));

    /// <summary>The seed; callers zero it when done.</summary>
    public static byte[] OpenSeed(KeyEncryptionKey kek, WalletRecord wallet) =>
        KeyProtection.Open(kek.Key, wallet.SealedSeed ?? throw new InvalidOperationException("The wallet keeps no seed."),
            SeedAssociatedData(wallet.Address));

    private static byte[] AssociatedData(string address) => Encoding.UTF8.GetBytes("sorcha/v1/wallet-keys/" + address);

    private static byte[] SeedAssociatedData(string address) => Encoding.UTF8.GetBytes("sorcha/v1/wallet-seed/" + address);
}
