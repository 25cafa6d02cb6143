using System.Text.Json.Serialization;
using Sorcha.Cryptography;

namespace Sorcha.Wallet.Service.Encryption;

/// <summary>api.md's Envelope; binary fields are base64. Optional fields are omitted, not null, when a scheme has none.</summary>
public sealed record EnvelopeDto(
    string? Scheme,
    string? Recipient,
    [property: JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)] string? EphemeralPublicKey,
    [property: JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)] string? WrappedKey,
    string? Nonce,
    string? Ciphertext)
{
    public static EnvelopeDto From(Envelope e) => new(e.Scheme, e.Recipient, B64(e.EphemeralPublicKey), B64(e.WrappedKey),
        Convert.ToBase64String(e.Nonce), Convert.ToBase64String(e.Ciphertext));

    private static string? B64(byte[]? value) => value is null ? null : Convert.ToBase64String(value);
}

public sealed record EncryptRequest(string? Recipient, string? Data);

public sealed record DecryptResponse(string Data);
