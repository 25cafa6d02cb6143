using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Options;

namespace Sorcha.ApiPlatform.Secrets;

/// <summary>
/// A key-encryption key (KEK) that seals private keys at rest (wallet keys, register docket-signing keys). It comes
/// from configuration as base64 of 32 bytes: an AppHost parameter for local runs, a mounted secret or a KMS-backed
/// configuration provider in production. It is never logged and never written to Redis.
/// </summary>
public sealed class KeyEncryptionKey
{
    private KeyEncryptionKey(byte[] key) => Key = key;

    public byte[] Key { get; }

    /// <summary>
    /// Binds <paramref name="section"/>:KeyEncryptionKey (<see cref="KeyEncryptionKeyOptions"/>), refuses to start
    /// without a valid one, and registers the key the process seals with.
    /// </summary>
    public static void AddKeyEncryptionKey(IHostApplicationBuilder builder, string section)
    {
        builder.Services.AddOptions<KeyEncryptionKeyOptions>()
            .Bind(builder.Configuration.GetSection(section))
            .Validate(o => Decode(o.KeyEncryptionKey) is not null, $"{section}:KeyEncryptionKey must be base64 of exactly 32 bytes.")
            .ValidateOnStart();
        builder.Services.AddSingleton(sp =>
            new KeyEncryptionKey(Decode(sp.GetRequiredService<IOptions<KeyEncryptionKeyOptions>>().Value.KeyEncryptionKey)!));
    }

    private static byte[]? Decode(string? value)
    {
        var key = new byte[32];
        // A 32-byte buffer: longer input fails to decode, shorter input shows in the length.
        return !string.IsNullOrEmpty(value) && Convert.TryFromBase64String(value, key, out var length) && length == 32 ? key : null;
    }
}

/// <summary>The process's KEK setting, bound from its own section (Wallet:KeyEncryptionKey, Register:KeyEncryptionKey).</summary>
public sealed class KeyEncryptionKeyOptions
{
    public string? KeyEncryptionKey { get; set; }
}
