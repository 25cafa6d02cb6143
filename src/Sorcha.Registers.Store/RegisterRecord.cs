namespace Sorcha.Registers.Store;

/// <summary>
/// A register as stored: its public docket-signing key in clear, the private key only sealed (AES-256-GCM under the
/// Register service's key-encryption key, bound to the register id). Only <see cref="Name"/> and
/// <see cref="Description"/> change after creation (the owner's PATCH).
/// </summary>
public sealed record RegisterRecord(
    string Id,
    string Name,
    string Owner,
    DateTimeOffset CreatedAt,
    byte[] PublicKey,
    byte[] SealedSigningKey,
    string? Description = null);
