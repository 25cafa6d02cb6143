using System.Security.Cryptography;

namespace Sorcha.Cryptography;

/// <summary>
/// Creates wallet keys, randomly or from a BIP-39 seed (mnemonic and passphrase) by SLIP-0010 along
/// m/44'/6142'/n'/0'/0' (signing) and m/44'/6142'/n'/0'/1' (encryption), where account n is 0 for the wallet itself
/// and 1, 2, … for its derived addresses. RSA4096 keys are random only.
/// </summary>
public static class WalletKeyDerivation
{
    public const uint CoinType = 6142;

    public static IReadOnlyList<uint> SigningPath { get; } = Path(0, 0);

    public static IReadOnlyList<uint> EncryptionPath { get; } = Path(0, 1);

    public static WalletKeys Generate(SignatureAlgorithm algorithm) => algorithm switch
    {
        SignatureAlgorithm.ED25519 => FromSecrets(algorithm, RandomNumberGenerator.GetBytes(32), RandomNumberGenerator.GetBytes(32)),
        SignatureAlgorithm.NISTP256 => new WalletKeys(algorithm, Signatures.Generate(algorithm), Signatures.Generate(algorithm)),
        // The OAEP key is a second, independent RSA-4096 key: one key never both signs and decrypts.
        SignatureAlgorithm.RSA4096 => new WalletKeys(algorithm, Signatures.Generate(algorithm), Signatures.Generate(algorithm)),
        _ => throw Signatures.UnknownAlgorithm(algorithm),
    };

    /// <summary>Largest account a wallet derives (hardened indexes stop at 2^31 - 1).</summary>
    public const int MaxAccount = int.MaxValue;

    /// <summary>Deterministic keys for ED25519 and NISTP256; an invalid mnemonic is an <see cref="ArgumentException"/>.</summary>
    public static WalletKeys FromMnemonic(SignatureAlgorithm algorithm, string mnemonic, string passphrase = "")
    {
        Curve(algorithm);
        if (!Mnemonics.IsValid(mnemonic))
        {
            throw new ArgumentException("The mnemonic is not a valid BIP-39 English mnemonic.", nameof(mnemonic));
        }

        var seed = Mnemonics.ToSeed(mnemonic, passphrase);
        try
        {
            return FromSeed(algorithm, seed, 0);
        }
        finally
        {
            CryptographicOperations.ZeroMemory(seed);
        }
    }

    /// <summary>The keys of <paramref name="account"/> (0: the wallet itself) from a BIP-39 seed.</summary>
    public static WalletKeys FromSeed(SignatureAlgorithm algorithm, ReadOnlySpan<byte> seed, int account)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(account);
        var curve = Curve(algorithm);
        var (signing, signingChain) = Slip10.Derive(curve, seed, Path((uint)account, 0));
        var (encryption, encryptionChain) = Slip10.Derive(curve, seed, Path((uint)account, 1));
        CryptographicOperations.ZeroMemory(signingChain);
        CryptographicOperations.ZeroMemory(encryptionChain);
        return FromSecrets(algorithm, signing, encryption);
    }

    /// <summary>m/44'/6142'/<paramref name="account"/>'/0'/0' (signing) or …/1' (encryption).</summary>
    public static uint[] Path(uint account, uint last) =>
        [Slip10.Hardened(44), Slip10.Hardened(CoinType), Slip10.Hardened(account), Slip10.Hardened(0), Slip10.Hardened(last)];

    private static Slip10Curve Curve(SignatureAlgorithm algorithm) => algorithm switch
    {
        SignatureAlgorithm.ED25519 => Slip10Curve.Ed25519,
        SignatureAlgorithm.NISTP256 => Slip10Curve.NistP256,
        SignatureAlgorithm.RSA4096 => throw new NotSupportedException("RSA4096 keys are random and cannot be recovered from a mnemonic."),
        _ => throw Signatures.UnknownAlgorithm(algorithm),
    };

    private static WalletKeys FromSecrets(SignatureAlgorithm algorithm, byte[] signingKey, byte[] encryptionKey)
    {
        var signing = new KeyPair(signingKey, Signatures.PublicKeyFromPrivate(algorithm, signingKey));
        // The ed25519-curve key is used directly as the X25519 scalar; P-256 ECDH keys are the same kind as signing keys.
        var encryptionPublic = algorithm == SignatureAlgorithm.ED25519
            ? X25519Keys.PublicKey(encryptionKey)
            : P256Signing.PublicKeyFromPrivate(encryptionKey);
        return new WalletKeys(algorithm, signing, new KeyPair(encryptionKey, encryptionPublic));
    }

}
