namespace Sorcha.Cryptography.Tests;

public class WalletKeyDerivationTests
{
    private static readonly string Abandon23Art = string.Join(' ', Enumerable.Repeat("abandon", 23)) + " art";

    // Expected keys computed independently (node.js: PBKDF2, HMAC-SHA512 SLIP-0010 chain, OpenSSL Ed25519/X25519/P-256).
    [Fact]
    public void From_mnemonic_Ed25519_matches_independent_derivation()
    {
        var keys = WalletKeyDerivation.FromMnemonic(SignatureAlgorithm.ED25519, Abandon23Art);
        Assert.Equal("207d16ecc09663de4a9340cd449b0c1220ca6ca2fa3627eae616116acbded0c0", Hashes.ToHex(keys.Signing.PrivateKey));
        Assert.Equal("c6a1db82ad4421e498181698ec99c52cb930a9c0198d3d768ed04f7519df5215", Hashes.ToHex(keys.Signing.PublicKey));
        Assert.Equal("20a7197686421d1d6320a417804d39e63223e43050540f2ab44202dbdf96aff0", Hashes.ToHex(keys.Encryption.PrivateKey));
        Assert.Equal("8687e727bd92532184c7c0f90f240b168678af41bcb5cae4a3de79f46b231d6c", Hashes.ToHex(keys.Encryption.PublicKey));
        Assert.Equal(Addresses.FromPublicKey(SignatureAlgorithm.ED25519, keys.Signing.PublicKey), keys.Address);
    }

    [Fact]
    public void From_mnemonic_nist_P256_matches_independent_derivation()
    {
        var keys = WalletKeyDerivation.FromMnemonic(SignatureAlgorithm.NISTP256, Abandon23Art);
        Assert.Equal("d485a0539dfd8c1ae5574fe9847a6ec5376fe64a9d0438433e370ee2f00ef15b", Hashes.ToHex(keys.Signing.PrivateKey));
        Assert.Equal("04243650907385951fae2648ec0f8bb7a1b636ba98ca584e026a71d2ace157f663aa16d62a0f3cb23f19227866470197ec24482881bec40c53bf70e516d8b40eb9", Hashes.ToHex(keys.Signing.PublicKey));
        Assert.Equal("756a7aa239b36c74cbe7c559616af5d156ffee5c925dc1ed1203af7281bf1a40", Hashes.ToHex(keys.Encryption.PrivateKey));
        Assert.Equal("0479ed1a036be1edfec0cedea98df803db1d95bfcab28d8d705f1ec3a54999612649495f816be0c9212e31f12bcfab692ed96eb011ccde396bc54850d4a425f78e", Hashes.ToHex(keys.Encryption.PublicKey));
    }

    [Theory]
    [InlineData(SignatureAlgorithm.ED25519)]
    [InlineData(SignatureAlgorithm.NISTP256)]
    public void From_mnemonic_same_mnemonic_same_keys_and_address(SignatureAlgorithm algorithm)
    {
        var mnemonic = Mnemonics.Generate();
        var first = WalletKeyDerivation.FromMnemonic(algorithm, mnemonic);
        var second = WalletKeyDerivation.FromMnemonic(algorithm, " " + mnemonic.ToUpperInvariant() + " ");
        Assert.Equal(first.Signing.PrivateKey, second.Signing.PrivateKey);
        Assert.Equal(first.Encryption.PrivateKey, second.Encryption.PrivateKey);
        Assert.Equal(first.Address, second.Address);
        Assert.NotEqual(first.Signing.PrivateKey, first.Encryption.PrivateKey);
        Assert.NotEqual(first.Address, WalletKeyDerivation.FromMnemonic(algorithm, Mnemonics.Generate()).Address);

        var signature = Signatures.Sign(algorithm, first.Signing.PrivateKey, "m"u8);
        Assert.True(Signatures.Verify(algorithm, second.Signing.PublicKey, "m"u8, signature));
    }

    [Fact]
    public void From_mnemonic_algorithms_differ_on_same_mnemonic()
    {
        var ed = WalletKeyDerivation.FromMnemonic(SignatureAlgorithm.ED25519, Abandon23Art);
        var p256 = WalletKeyDerivation.FromMnemonic(SignatureAlgorithm.NISTP256, Abandon23Art);
        Assert.NotEqual(ed.Address, p256.Address);
    }

    [Fact]
    public void From_mnemonic_invalid_mnemonic_or_rsa_throws()
    {
        Assert.Throws<ArgumentException>(() => WalletKeyDerivation.FromMnemonic(SignatureAlgorithm.ED25519, "not a mnemonic"));
        Assert.Throws<NotSupportedException>(() => WalletKeyDerivation.FromMnemonic(SignatureAlgorithm.RSA4096, Abandon23Art));
    }

    [Theory]
    [InlineData(SignatureAlgorithm.ED25519, 32, 32, 32, 32)]
    [InlineData(SignatureAlgorithm.NISTP256, 32, 65, 32, 65)]
    public void Generate_key_formats(SignatureAlgorithm algorithm, int signingPrivate, int signingPublic, int encryptionPrivate, int encryptionPublic)
    {
        var keys = WalletKeyDerivation.Generate(algorithm);
        Assert.Equal(algorithm, keys.Algorithm);
        Assert.Equal(signingPrivate, keys.Signing.PrivateKey.Length);
        Assert.Equal(signingPublic, keys.Signing.PublicKey.Length);
        Assert.Equal(encryptionPrivate, keys.Encryption.PrivateKey.Length);
        Assert.Equal(encryptionPublic, keys.Encryption.PublicKey.Length);
        Assert.Equal(keys.Signing.PublicKey, Signatures.PublicKeyFromPrivate(algorithm, keys.Signing.PrivateKey));
    }

    [Fact]
    public void Generate_rsa_uses_two_distinct_4096_bit_keys()
    {
        var keys = SharedKeys.RsaWallet;
        Assert.NotEqual(keys.Signing.PublicKey, keys.Encryption.PublicKey);
        Assert.True(Signatures.IsValidPublicKey(SignatureAlgorithm.RSA4096, keys.Signing.PublicKey));
        Assert.True(Signatures.IsValidPublicKey(SignatureAlgorithm.RSA4096, keys.Encryption.PublicKey));
    }
}
