using System.Text.Json.Serialization;

namespace Sorcha.Contracts.Wallets;

/// <summary>
/// api.md's Envelope; binary fields are base64 strings, checked by the service when it opens one (decrypt). Optional
/// fields are omitted, not null, when a scheme has none. Sorcha.Client sends and reads Sorcha.Cryptography's
/// <c>Envelope</c>, the same JSON, which it can also open locally.
/// </summary>
public sealed record EnvelopeDto(
    string? Scheme,
    string? Recipient,
    [property: JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)] string? EphemeralPublicKey,
    [property: JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)] string? WrappedKey,
    string? Nonce,
    string? Ciphertext);

/// <summary><c>POST /api/wallets/{address}/encrypt</c>: base64 <c>data</c> for the wallet <c>recipient</c>.</summary>
public sealed record EncryptRequest(string? Recipient, string? Data);

/// <summary>The opened envelope's plaintext (base64 on the wire).</summary>
public sealed record DecryptResponse(byte[] Data);
