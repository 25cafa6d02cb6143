namespace Sorcha.Wallet.Service.Storage;

/// <summary>
/// The key-encryption key (KEK) that seals wallet private keys at rest. It comes from configuration
/// (Wallet:KeyEncryptionKey, base64 of 32 bytes): the AppHost parameter wallet-kek locally, a mounted secret or a
/// KMS-backed configuration provider in production. It is never logged and never written to Redis.
/// </summary>
public sealed class KeyEncryptionKey
{
    public const string ConfigKey = "Wallet:KeyEncryptionKey";

    public KeyEncryptionKey(IConfiguration configuration)
    {
        var value = configuration[ConfigKey];
        if (string.IsNullOrEmpty(value) || !Convert.TryFromBase64String(value, new byte[32], out var length) || length != 32)
        {
            throw new InvalidOperationException($"{ConfigKey} must be base64 of exactly 32 bytes.");
        }

        Key = Convert.FromBase64String(value);
    }

    public byte[] Key { get; }
}
