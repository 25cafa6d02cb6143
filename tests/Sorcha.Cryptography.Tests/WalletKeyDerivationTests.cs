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

    // Expected private keys computed independently (Python: hashlib PBKDF2 and HMAC-SHA512, the SLIP-0010 chain by hand):
    // the signing and encryption keys at m/44'/6142'/n'/0'/0' and /1' for accounts 0..2, with and without a passphrase.
    [Theory]
    [InlineData(SignatureAlgorithm.ED25519, "", 0, "207d16ecc09663de4a9340cd449b0c1220ca6ca2fa3627eae616116acbded0c0", "20a7197686421d1d6320a417804d39e63223e43050540f2ab44202dbdf96aff0")]
    [InlineData(SignatureAlgorithm.ED25519, "", 1, "7e00d124ff46a217efa34675f7b27bc7db12b82f8a904b9bffd707fc90f0ec4c", "dd98a8fce3d118019ad1cad2597437e01394bac792069e1f5b2b97d424a28f24")]
    [InlineData(SignatureAlgorithm.ED25519, "", 2, "19bd229733271b717ca0d1348207b3617e1fd87a080643ffb7f9939d4d84be39", "17d15e873a51b570e33a97050775d79dbcc98f2b326d979d7d0d47071c5dc61e")]
    [InlineData(SignatureAlgorithm.ED25519, "TREZOR", 0, "b784bb080e92c783f21c71a6973cf44c79d42ce452c8329d9aceaf59c329154c", "db946c3b62bfc852b21fccdb0f2c64ec8fae56eb327b96401d4421b57789f8e8")]
    [InlineData(SignatureAlgorithm.ED25519, "TREZOR", 1, "1cfc4cc1f507027819887f26382469b8cfe01652b2898554be3c42229a02e4c7", "204f17e385dcc7ccb79340511cc8adc0c89431115f94d5923ea8725e91ef13de")]
    [InlineData(SignatureAlgorithm.NISTP256, "", 1, "c2683fd30727c00bea6c5ea980a12ec245ec24a47f234f14407cdc31ad234ff4", "e6542a649940cca290b6b8eb9bd398b2ab064119c05df0f57229b9bddeef5c7a")]
    [InlineData(SignatureAlgorithm.NISTP256, "", 2, "6f35190792fa4e7d0ce0f653196e4722675992b006bce300c46b938524bcbe3a", "2b79d7afcc4e4a888e13ecc122dc2784977530344014d28c68513d59743e7b4f")]
    [InlineData(SignatureAlgorithm.NISTP256, "TREZOR", 0, "aa440cf18ab79bbf34d190a7718853856397309d9afe11822ad0ecc805562867", "b1de08b912a5976368b2a2436e4bbb02801e988392f6d4eeae0f65d37dab3338")]
    [InlineData(SignatureAlgorithm.NISTP256, "TREZOR", 1, "7a856c77ab17fa046a62b05d3f40a178e5aff23d6f326a1e2f16bad1b04d7e33", "a3a2fcb3a0093e2def6c787bd2e26f15e66c218c5c99bf5da9972bad1ac2ef2f")]
    public void From_seed_accounts_and_passphrase_match_independent_derivation(
        SignatureAlgorithm algorithm, string passphrase, int account, string signingKey, string encryptionKey)
    {
        var keys = WalletKeyDerivation.FromSeed(algorithm, Mnemonics.ToSeed(Abandon23Art, passphrase), account);
        Assert.Equal(signingKey, Hashes.ToHex(keys.Signing.PrivateKey));
        Assert.Equal(encryptionKey, Hashes.ToHex(keys.Encryption.PrivateKey));
        Assert.Equal(keys.Signing.PublicKey, Signatures.PublicKeyFromPrivate(algorithm, keys.Signing.PrivateKey));
        if (account == 0)
        {
            Assert.Equal(keys.Address, WalletKeyDerivation.FromMnemonic(algorithm, Abandon23Art, passphrase).Address);
        }
    }

    [Fact]
    public void From_seed_negative_account_or_rsa_throws()
    {
        var seed = Mnemonics.ToSeed(Abandon23Art);
        Assert.Throws<ArgumentOutOfRangeException>(() => WalletKeyDerivation.FromSeed(SignatureAlgorithm.ED25519, seed, -1));
        Assert.Throws<NotSupportedException>(() => WalletKeyDerivation.FromSeed(SignatureAlgorithm.RSA4096, seed, 1));
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
