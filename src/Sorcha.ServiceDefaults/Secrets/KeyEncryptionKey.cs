using Microsoft.Extensions.Configuration;

namespace Sorcha.ServiceDefaults.Secrets;

/// <summary>
/// A key-encryption key (KEK) that seals private keys at rest (wallet keys, register docket-signing keys). It comes
/// from configuration as base64 of 32 bytes: an AppHost parameter for local runs, a mounted secret or a KMS-backed
/// configuration provider in production. It is never logged and never written to Redis.
/// </summary>
public sealed class KeyEncryptionKey
{
    private KeyEncryptionKey(byte[] key) => Key = key;

    public byte[] Key { get; }

    public static KeyEncryptionKey FromConfiguration(IConfiguration configuration, string configKey)
    {
        var value = configuration[configKey];
        var key = new byte[32];
        // A 32-byte buffer: longer input fails to decode, shorter input shows in the length.
        if (string.IsNullOrEmpty(value) || !Convert.TryFromBase64String(value, key, out var length) || length != 32)
        {
            throw new InvalidOperationException($"{configKey} must be base64 of exactly 32 bytes.");
        }

        return new KeyEncryptionKey(key);
    }
}
