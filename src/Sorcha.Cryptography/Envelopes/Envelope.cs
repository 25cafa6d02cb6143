namespace Sorcha.Cryptography;

/// <summary>
/// Wallet-to-wallet ciphertext: AES-256-GCM output with its 16-byte tag appended, a 12-byte nonce, no AAD.
/// ECIES schemes carry <see cref="EphemeralPublicKey"/>; RSA-OAEP carries <see cref="WrappedKey"/>.
/// </summary>
public sealed record Envelope(string Scheme, string Recipient, byte[]? EphemeralPublicKey, byte[]? WrappedKey, byte[] Nonce, byte[] Ciphertext);
