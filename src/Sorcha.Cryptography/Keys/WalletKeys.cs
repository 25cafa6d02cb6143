namespace Sorcha.Cryptography;

/// <summary>
/// A wallet's signing pair and its separate encryption pair: X25519 for ED25519 wallets, P-256 ECDH for NISTP256
/// (32-byte scalar, uncompressed SEC1 public key), RSA-OAEP for RSA4096 (PKCS#8 / SubjectPublicKeyInfo DER).
/// </summary>
public sealed record WalletKeys(SignatureAlgorithm Algorithm, KeyPair Signing, KeyPair Encryption)
{
    public string Address => Addresses.FromPublicKey(Algorithm, Signing.PublicKey);
}
