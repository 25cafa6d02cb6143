using System.Security.Cryptography;

namespace Sorcha.Cryptography;

/// <summary>
/// Creates wallet keys, randomly or from a BIP-39 mnemonic (empty passphrase) by SLIP-0010 along
/// m/44'/6142'/0'/0'/0' (signing) and m/44'/6142'/0'/0'/1' (encryption). RSA4096 keys are random only.
/// </summary>
public static class WalletKeyDerivation
{
    public const uint CoinType = 6142;

    public static IReadOnlyList<uint> SigningPath { get; } = Path(0);

    public static IReadOnlyList<uint> EncryptionPath { get; } = Path(1);

    public static WalletKeys Generate(SignatureAlgorithm algorithm) => algorithm switch
    {
        SignatureAlgorithm.ED25519 => FromSecrets(algorithm, RandomNumberGenerator.GetBytes(32), RandomNumberGenerator.GetBytes(32)),
        SignatureAlgorithm.NISTP256 => new WalletKeys(algorithm, Signatures.Generate(algorithm), Signatures.Generate(algorithm)),
        // The OAEP key is a second, independent RSA-4096 key: one key never both signs and decrypts.
        SignatureAlgorithm.RSA4096 => new WalletKeys(algorithm, Signatures.Generate(algorithm), Signatures.Generate(algorithm)),
        _ => throw Signatures.UnknownAlgorithm(algorithm),
    };

    /// <summary>Deterministic keys for ED25519 and NISTP256; an invalid mnemonic is an <see cref="ArgumentException"/>.</summary>
    public static WalletKeys FromMnemonic(SignatureAlgorithm algorithm, string mnemonic)
    {
        var curve = algorithm switch
        {
            SignatureAlgorithm.ED25519 => Slip10Curve.Ed25519,
            SignatureAlgorithm.NISTP256 => Slip10Curve.NistP256,
            SignatureAlgorithm.RSA4096 => throw new NotSupportedException("RSA4096 keys are random and cannot be recovered from a mnemonic."),
            _ => throw Signatures.UnknownAlgorithm(algorithm),
        };
        if (!Mnemonics.IsValid(mnemonic))
        {
            throw new ArgumentException("The mnemonic is not a valid BIP-39 English mnemonic.", nameof(mnemonic));
        }

        var seed = Mnemonics.ToSeed(mnemonic);
        try
        {
            var (signing, signingChain) = Slip10.Derive(curve, seed, [.. SigningPath]);
            var (encryption, encryptionChain) = Slip10.Derive(curve, seed, [.. EncryptionPath]);
            CryptographicOperations.ZeroMemory(signingChain);
            CryptographicOperations.ZeroMemory(encryptionChain);
            return FromSecrets(algorithm, signing, encryption);
        }
        finally
        {
            CryptographicOperations.ZeroMemory(seed);
        }
    }

    private static WalletKeys FromSecrets(SignatureAlgorithm algorithm, byte[] signingKey, byte[] encryptionKey)
    {
        var signing = new KeyPair(signingKey, Signatures.PublicKeyFromPrivate(algorithm, signingKey));
        // The ed25519-curve key is used directly as the X25519 scalar; P-256 ECDH keys are the same kind as signing keys.
        var encryptionPublic = algorithm == SignatureAlgorithm.ED25519
            ? X25519Keys.PublicKey(encryptionKey)
            : P256Signing.PublicKeyFromPrivate(encryptionKey);
        return new WalletKeys(algorithm, signing, new KeyPair(encryptionKey, encryptionPublic));
    }

    private static uint[] Path(uint last) =>
        [Slip10.Hardened(44), Slip10.Hardened(CoinType), Slip10.Hardened(0), Slip10.Hardened(0), Slip10.Hardened(last)];
}
