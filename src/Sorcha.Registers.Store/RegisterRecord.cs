namespace Sorcha.Registers.Store;

/// <summary>
/// A register as stored: its public docket-signing key in clear, the private key only sealed (AES-256-GCM under the
/// Register service's key-encryption key, bound to the register id). Immutable after creation.
/// </summary>
public sealed record RegisterRecord(
    string Id,
    string Name,
    string Owner,
    DateTimeOffset CreatedAt,
    byte[] PublicKey,
    byte[] SealedSigningKey);
