using Sorcha.Cryptography;

namespace Sorcha.Wallet.Service.Storage;

/// <summary>
/// A wallet as stored: public parts in clear, both private keys only as one AES-256-GCM blob under the
/// key-encryption key, bound to the address so a blob cannot be moved to another wallet.
/// </summary>
public sealed record WalletRecord(
    string Address,
    string Owner,
    string Name,
    SignatureAlgorithm Algorithm,
    byte[] PublicKey,
    byte[] EncryptionPublicKey,
    DateTimeOffset CreatedAt,
    byte[] SealedPrivateKeys);
