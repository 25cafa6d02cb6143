using System.Security.Cryptography;
using System.Text;

namespace Sorcha.Cryptography.Tests;

public class EnvelopesTests
{
    private static readonly byte[] Plaintext = Encoding.UTF8.GetBytes("{\"amount\":42,\"note\":\"disclosed\"}");

    public static TheoryData<SignatureAlgorithm> Algorithms => [SignatureAlgorithm.ED25519, SignatureAlgorithm.NISTP256, SignatureAlgorithm.RSA4096];

    private static WalletKeys Wallet(SignatureAlgorithm algorithm) =>
        algorithm == SignatureAlgorithm.RSA4096 ? SharedKeys.RsaWallet : WalletKeyDerivation.Generate(algorithm);

    private static Envelope Seal(WalletKeys recipient, byte[] plaintext) =>
        Envelopes.Seal(recipient.Algorithm, recipient.Address, recipient.Encryption.PublicKey, plaintext);

    private static byte[] Open(Envelope envelope, WalletKeys recipient) =>
        Envelopes.Open(envelope, recipient.Encryption.PrivateKey, recipient.Encryption.PublicKey);

    private static byte[] Flip(byte[] value, int index = 0)
    {
        var copy = (byte[])value.Clone();
        copy[index] ^= 0x01;
        return copy;
    }

    private static byte[] Kdf(byte[] shared, byte[] ephemeralPublic, byte[] recipientPublic) =>
        HKDF.DeriveKey(HashAlgorithmName.SHA256, shared, 32, [], [.. Encoding.UTF8.GetBytes("sorcha/v1/ecies"), .. ephemeralPublic, .. recipientPublic]);

    private static (byte[] Nonce, byte[] Ciphertext) AesGcmSeal(byte[] key, byte[] plaintext)
    {
        var nonce = RandomNumberGenerator.GetBytes(12);
        var output = new byte[plaintext.Length + 16];
        using var aes = new AesGcm(key, 16);
        aes.Encrypt(nonce, plaintext, output.AsSpan(0, plaintext.Length), output.AsSpan(plaintext.Length));
        return (nonce, output);
    }

    [Theory]
    [MemberData(nameof(Algorithms))]
    public void Seal_then_open_round_trips(SignatureAlgorithm algorithm)
    {
        var recipient = Wallet(algorithm);
        var envelope = Seal(recipient, Plaintext);
        Assert.Equal(EnvelopeSchemes.For(algorithm), envelope.Scheme);
        Assert.Equal(recipient.Address, envelope.Recipient);
        Assert.Equal(12, envelope.Nonce.Length);
        Assert.Equal(Plaintext.Length + 16, envelope.Ciphertext.Length);
        Assert.Equal(algorithm == SignatureAlgorithm.RSA4096, envelope.WrappedKey is not null);
        Assert.Equal(algorithm != SignatureAlgorithm.RSA4096, envelope.EphemeralPublicKey is not null);
        Assert.Equal(Plaintext, Open(envelope, recipient));
        Assert.Empty(Open(Seal(recipient, []), recipient));
    }

    [Fact]
    public void Open_hand_built_X25519_envelope_using_bouncy_castle_and_bcl_primitives()
    {
        var recipient = WalletKeyDerivation.Generate(SignatureAlgorithm.ED25519);
        var ephemeralPrivate = RandomNumberGenerator.GetBytes(32);
        var ephemeralPublic = new byte[32];
        Org.BouncyCastle.Math.EC.Rfc7748.X25519.ScalarMultBase(ephemeralPrivate, 0, ephemeralPublic, 0);
        var shared = new byte[32];
        Org.BouncyCastle.Math.EC.Rfc7748.X25519.ScalarMult(ephemeralPrivate, 0, recipient.Encryption.PublicKey, 0, shared, 0);
        var (nonce, ciphertext) = AesGcmSeal(Kdf(shared, ephemeralPublic, recipient.Encryption.PublicKey), Plaintext);

        var envelope = new Envelope(EnvelopeSchemes.X25519, recipient.Address, ephemeralPublic, null, nonce, ciphertext);
        Assert.Equal(Plaintext, Open(envelope, recipient));
    }

    [Fact]
    public void Seal_X25519_envelope_opens_with_bouncy_castle_and_bcl_primitives()
    {
        // The ephemeral key comes from libsodium directly (X25519Ephemeral), not through NSec: an independent X25519
        // must agree on both its public half and the shared secret.
        var recipient = WalletKeyDerivation.Generate(SignatureAlgorithm.ED25519);
        for (var i = 0; i < 16; i++)
        {
            var envelope = Seal(recipient, Plaintext);
            var shared = new byte[32];
            Org.BouncyCastle.Math.EC.Rfc7748.X25519.ScalarMult(recipient.Encryption.PrivateKey, 0, envelope.EphemeralPublicKey!, 0, shared, 0);
            using var aes = new AesGcm(Kdf(shared, envelope.EphemeralPublicKey!, recipient.Encryption.PublicKey), 16);
            var opened = new byte[envelope.Ciphertext.Length - 16];
            aes.Decrypt(envelope.Nonce, envelope.Ciphertext.AsSpan(0, opened.Length), envelope.Ciphertext.AsSpan(opened.Length), opened);
            Assert.Equal(Plaintext, opened);
            Assert.Equal(0, envelope.EphemeralPublicKey![31] & 0x80);
        }
    }

    [Theory]
    [InlineData("0000000000000000000000000000000000000000000000000000000000000000")]
    [InlineData("0100000000000000000000000000000000000000000000000000000000000000")]
    [InlineData("e0eb7a7c3b41b8ae1656e3faf19fc46ada098deb9c32b1fd866205165f49b800")]
    public void Seal_for_small_order_X25519_key_throws(string recipientPublicKey)
    {
        var recipient = WalletKeyDerivation.Generate(SignatureAlgorithm.ED25519);
        var e = Assert.Throws<ArgumentException>(() =>
            Envelopes.Seal(SignatureAlgorithm.ED25519, recipient.Address, Convert.FromHexString(recipientPublicKey), Plaintext));
        Assert.Contains("small order", e.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Open_hand_built_P256_envelope_using_bcl_ecdh()
    {
        var recipient = WalletKeyDerivation.Generate(SignatureAlgorithm.NISTP256);
        using var ephemeral = ECDiffieHellman.Create(ECCurve.NamedCurves.nistP256);
        var q = ephemeral.ExportParameters(false).Q;
        byte[] ephemeralPublic = [0x04, .. q.X!, .. q.Y!];
        var r = recipient.Encryption.PublicKey;
        using var recipientPublic = ECDiffieHellman.Create(new ECParameters
        {
            Curve = ECCurve.NamedCurves.nistP256,
            Q = new System.Security.Cryptography.ECPoint { X = r[1..33], Y = r[33..] },
        });
        var shared = ephemeral.DeriveRawSecretAgreement(recipientPublic.PublicKey);
        var (nonce, ciphertext) = AesGcmSeal(Kdf(shared, ephemeralPublic, r), Plaintext);

        var envelope = new Envelope(EnvelopeSchemes.P256, recipient.Address, ephemeralPublic, null, nonce, ciphertext);
        Assert.Equal(Plaintext, Open(envelope, recipient));
    }

    [Fact]
    public void Open_hand_built_rsa_envelope_using_bcl_oaep()
    {
        var recipient = SharedKeys.RsaWallet;
        using var rsa = RSA.Create();
        rsa.ImportSubjectPublicKeyInfo(recipient.Encryption.PublicKey, out _);
        var key = RandomNumberGenerator.GetBytes(32);
        var (nonce, ciphertext) = AesGcmSeal(key, Plaintext);
        var envelope = new Envelope(EnvelopeSchemes.RsaOaep, recipient.Address, null, rsa.Encrypt(key, RSAEncryptionPadding.OaepSHA256), nonce, ciphertext);
        Assert.Equal(Plaintext, Open(envelope, recipient));
    }

    [Theory]
    [MemberData(nameof(Algorithms))]
    public void Open_tampered_fields_throw_cryptographic_exception(SignatureAlgorithm algorithm)
    {
        var recipient = Wallet(algorithm);
        var envelope = Seal(recipient, Plaintext);

        Assert.Throws<CryptographicException>(() => Open(envelope with { Ciphertext = Flip(envelope.Ciphertext) }, recipient));
        Assert.Throws<CryptographicException>(() => Open(envelope with { Ciphertext = Flip(envelope.Ciphertext, envelope.Ciphertext.Length - 1) }, recipient));
        Assert.Throws<CryptographicException>(() => Open(envelope with { Ciphertext = envelope.Ciphertext[..^1] }, recipient));
        Assert.Throws<CryptographicException>(() => Open(envelope with { Ciphertext = [] }, recipient));
        Assert.Throws<CryptographicException>(() => Open(envelope with { Nonce = Flip(envelope.Nonce) }, recipient));
        Assert.Throws<CryptographicException>(() => Open(envelope with { Nonce = envelope.Nonce[..11] }, recipient));
        Assert.Throws<CryptographicException>(() => Open(envelope with { Scheme = "ECIES-UNKNOWN" }, recipient));
        if (algorithm == SignatureAlgorithm.RSA4096)
        {
            Assert.Throws<CryptographicException>(() => Open(envelope with { WrappedKey = Flip(envelope.WrappedKey!, 100) }, recipient));
            Assert.Throws<CryptographicException>(() => Open(envelope with { WrappedKey = null }, recipient));
            Assert.Throws<CryptographicException>(() => Open(envelope with { EphemeralPublicKey = new byte[32] }, recipient));
        }
        else
        {
            Assert.Throws<CryptographicException>(() => Open(envelope with { EphemeralPublicKey = Flip(envelope.EphemeralPublicKey!, 5) }, recipient));
            Assert.Throws<CryptographicException>(() => Open(envelope with { EphemeralPublicKey = null }, recipient));
            Assert.Throws<CryptographicException>(() => Open(envelope with { WrappedKey = new byte[512] }, recipient));
        }
    }

    [Theory]
    [MemberData(nameof(Algorithms))]
    public void Open_wrong_recipient_keys_throw_cryptographic_exception(SignatureAlgorithm algorithm)
    {
        var recipient = Wallet(algorithm);
        var other = algorithm == SignatureAlgorithm.RSA4096
            ? new WalletKeys(algorithm, recipient.Signing, recipient.Signing) // a different RSA-4096 key pair
            : WalletKeyDerivation.Generate(algorithm);
        var envelope = Seal(recipient, Plaintext);

        Assert.Throws<CryptographicException>(() => Open(envelope, other));
        Assert.Throws<CryptographicException>(() => Envelopes.Open(envelope, other.Encryption.PrivateKey, recipient.Encryption.PublicKey));
        Assert.Throws<CryptographicException>(() => Envelopes.Open(envelope, recipient.Encryption.PrivateKey.AsSpan(1), recipient.Encryption.PublicKey));
    }

    [Fact]
    public void Open_small_order_ephemeral_key_throws_cryptographic_exception()
    {
        var recipient = WalletKeyDerivation.Generate(SignatureAlgorithm.ED25519);
        var envelope = Seal(recipient, Plaintext) with { EphemeralPublicKey = new byte[32] };
        var e = Assert.Throws<CryptographicException>(() => Open(envelope, recipient));
        Assert.Contains("small order", e.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Seal_recipient_address_of_other_algorithm_throws()
    {
        var recipient = WalletKeyDerivation.Generate(SignatureAlgorithm.ED25519);
        var p256 = WalletKeyDerivation.Generate(SignatureAlgorithm.NISTP256);
        Assert.Throws<ArgumentException>(() => Envelopes.Seal(SignatureAlgorithm.ED25519, p256.Address, recipient.Encryption.PublicKey, Plaintext));
        Assert.Throws<ArgumentException>(() => Envelopes.Seal(SignatureAlgorithm.ED25519, "not-an-address", recipient.Encryption.PublicKey, Plaintext));
        Assert.Throws<ArgumentException>(() => Envelopes.Seal(SignatureAlgorithm.NISTP256, p256.Address, new byte[65], Plaintext));
    }

    [Fact]
    public void Seal_rsa_large_payload_round_trips()
    {
        var large = RandomNumberGenerator.GetBytes(1 << 20);
        Assert.Equal(large, Open(Seal(SharedKeys.RsaWallet, large), SharedKeys.RsaWallet));
    }

    [Fact]
    public void Seal_same_plaintext_twice_different_ciphertexts()
    {
        var recipient = WalletKeyDerivation.Generate(SignatureAlgorithm.ED25519);
        var a = Seal(recipient, Plaintext);
        var b = Seal(recipient, Plaintext);
        Assert.NotEqual(a.EphemeralPublicKey, b.EphemeralPublicKey);
        Assert.NotEqual(a.Ciphertext, b.Ciphertext);
    }
}
