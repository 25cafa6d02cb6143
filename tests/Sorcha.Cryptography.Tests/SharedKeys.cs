namespace Sorcha.Cryptography.Tests;

/// <summary>RSA-4096 generation takes seconds: each test run makes these once and shares them.</summary>
internal static class SharedKeys
{
    private static readonly Lazy<KeyPair> _rsa = new(() => Signatures.Generate(SignatureAlgorithm.RSA4096));
    private static readonly Lazy<WalletKeys> _rsaWallet = new(() => WalletKeyDerivation.Generate(SignatureAlgorithm.RSA4096));

    public static KeyPair Rsa => _rsa.Value;

    public static WalletKeys RsaWallet => _rsaWallet.Value;
}
