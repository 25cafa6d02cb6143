using System.Security.Cryptography;

namespace Sorcha.Cryptography.Tests;

public class KeyProtectionTests
{
    private static readonly byte[] Kek = RandomNumberGenerator.GetBytes(32);
    private static readonly byte[] Secret = RandomNumberGenerator.GetBytes(32);
    private static readonly byte[] Owner = "ws1owner"u8.ToArray();

    [Fact]
    public void Seal_then_open_round_trips_with_layout()
    {
        var sealedKey = KeyProtection.Seal(Kek, Secret, Owner);
        Assert.Equal(1 + 12 + Secret.Length + 16, sealedKey.Length);
        Assert.Equal(KeyProtection.Version, sealedKey[0]);
        Assert.Equal(Secret, KeyProtection.Open(Kek, sealedKey, Owner));
    }

    [Fact]
    public void Open_hand_built_blob_using_bcl_aes_gcm()
    {
        var nonce = RandomNumberGenerator.GetBytes(12);
        var ciphertext = new byte[Secret.Length];
        var tag = new byte[16];
        using (var aes = new AesGcm(Kek, 16))
        {
            aes.Encrypt(nonce, Secret, ciphertext, tag, Owner);
        }

        Assert.Equal(Secret, KeyProtection.Open(Kek, [1, .. nonce, .. ciphertext, .. tag], Owner));
    }

    [Fact]
    public void Open_any_tampering_throws_cryptographic_exception()
    {
        var sealedKey = KeyProtection.Seal(Kek, Secret, Owner);
        for (var i = 0; i < sealedKey.Length; i++)
        {
            var tampered = (byte[])sealedKey.Clone();
            tampered[i] ^= 0x04;
            Assert.Throws<CryptographicException>(() => KeyProtection.Open(Kek, tampered, Owner));
        }

        Assert.Throws<CryptographicException>(() => KeyProtection.Open(RandomNumberGenerator.GetBytes(32), sealedKey, Owner));
        Assert.Throws<CryptographicException>(() => KeyProtection.Open(Kek, sealedKey, "ws1other"u8));
        Assert.Throws<CryptographicException>(() => KeyProtection.Open(Kek, sealedKey.AsSpan(0, 28), Owner));
    }

    [Fact]
    public void Seal_wrong_kek_length_throws_argument_exception() =>
        Assert.Throws<ArgumentException>(() => KeyProtection.Seal(new byte[16], Secret, Owner));
}
