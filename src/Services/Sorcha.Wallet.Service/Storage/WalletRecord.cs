using Sorcha.Cryptography;

namespace Sorcha.Wallet.Service.Storage;

/// <summary>
/// A wallet as stored: public parts in clear, both private keys only as one AES-256-GCM blob under the
/// key-encryption key, bound to the address so a blob cannot be moved to another wallet.
/// <para>
/// Added later, absent from older records: <see cref="Tags"/>; <see cref="SealedSeed"/>, the BIP-39 seed sealed like the
/// keys (wallets made from a mnemonic since derived addresses exist), from which accounts 1..n derive; and, on a
/// derived address, <see cref="Parent"/> (its wallet's address) and <see cref="Account"/> (n).
/// </para>
/// </summary>
public sealed record WalletRecord(
    string Address,
    string Owner,
    string Name,
    SignatureAlgorithm Algorithm,
    byte[] PublicKey,
    byte[] EncryptionPublicKey,
    DateTimeOffset CreatedAt,
    byte[] SealedPrivateKeys,
    IReadOnlyDictionary<string, string>? Tags = null,
    byte[]? SealedSeed = null,
    string? Parent = null,
    int? Account = null);
