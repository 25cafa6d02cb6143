using System.Security.Cryptography;

namespace Sorcha.Cryptography.Tests;

/// <summary>
/// The managed and libsodium Ed25519 backends must sign the same bytes and accept exactly the same signatures
/// (a ledger where nodes disagree is broken). Every vector is checked against its expected verdict on the managed
/// backend always, and on libsodium, with and without Sorcha's own encoding checks in front, whenever it is loaded
/// (CryptoBackendTests fails in CI when it is not).
/// </summary>
public class Ed25519BackendAgreementTests
{
    public static TheoryData<string> EdgeVectorNames => [.. Ed25519EdgeVectors.All.Select(v => v.Name)];

    [Theory]
    [MemberData(nameof(EdgeVectorNames))]
    public void Verify_EdgeVector_BothBackendsGiveTheRulesVerdict(string name)
    {
        var v = Ed25519EdgeVectors.All.Single(x => x.Name == name);
        Assert.Equal(v.Valid, ManagedEd25519.Verify(v.PublicKey, v.Message, v.Signature));
        Assert.Equal(v.Valid, Signatures.Verify(SignatureAlgorithm.ED25519, v.PublicKey, v.Message, v.Signature));
        if (Sodium.IsAvailable)
        {
            Assert.Equal(v.Valid, SodiumEd25519.VerifyWithLibraryRulesOnly(v.PublicKey, v.Message, v.Signature));
            Assert.Equal(v.Valid, SodiumEd25519.Verify(v.PublicKey, v.Message, v.Signature));
        }
    }

    [Fact]
    public void EdgeVectors_CoverBothVerdictsAndTheEquationOnlyCases()
    {
        var all = Ed25519EdgeVectors.All;
        Assert.Contains(all, v => v.Valid && v.Name.StartsWith("mixed-order R and key", StringComparison.Ordinal));
        Assert.Equal(Ed25519EdgeVectors.SmallOrderEncodings.Length * 4, all.Count(v => v.Name.StartsWith("small-order", StringComparison.Ordinal)));
        Assert.True(all.Count(v => v.Name.StartsWith("non-canonical key", StringComparison.Ordinal)) >= 4);
    }

    [Theory]
    [InlineData("9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60", "",
        "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b")]
    [InlineData("4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb", "72",
        "92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00")]
    [InlineData("c5aa8df43f9f837bedb7442f31dcb7b166d38535076f094b85ce3a2e0b4458f7", "af82",
        "6291d657deec24024827e69c3abe01a30ce548a284743a445e3680d7db5ac3ac18ff9b538d16f290ae67f760984dc6594a7c15e9716ed28dc027beceea1ec40a")]
    public void Sign_Rfc8032Vectors_BothBackendsProduceThePublishedSignature(string seedHex, string messageHex, string signatureHex)
    {
        var seed = Hashes.FromHex(seedHex);
        var message = Hashes.FromHex(messageHex);
        foreach (var (name, sign, derive, verify) in Backends())
        {
            var publicKey = new byte[32];
            derive(seed, publicKey);
            var signature = new byte[64];
            sign(seed, publicKey, message, signature);
            Assert.True(signatureHex == Hashes.ToHex(signature), name);
            Assert.True(verify(publicKey, message, signature), name);
        }
    }

    [Fact]
    public void SignAndVerify_RandomKeysAndMessages_BackendsAndReferenceAgree()
    {
        var random = new Random(25519);
        for (var i = 0; i < 60; i++)
        {
            var seed = new byte[32];
            random.NextBytes(seed);
            var message = new byte[random.Next(0, 700)];
            random.NextBytes(message);
            var (a, prefix) = ReferenceEd25519.Expand(seed);
            var expectedKey = ReferenceEd25519.Encode(ReferenceEd25519.Multiply(a, ReferenceEd25519.Base));
            var expected = ReferenceEd25519.Sign(a, prefix, expectedKey, message);
            var mutated = (byte[])expected.Clone();
            mutated[random.Next(64)] ^= (byte)(1 << random.Next(8));

            foreach (var (name, sign, derive, verify) in Backends())
            {
                var publicKey = new byte[32];
                derive(seed, publicKey);
                Assert.True(expectedKey.AsSpan().SequenceEqual(publicKey), name);
                var signature = new byte[64];
                sign(seed, publicKey, message, signature);
                Assert.True(expected.AsSpan().SequenceEqual(signature), name);
                Assert.True(verify(publicKey, message, signature), name);
                Assert.False(verify(publicKey, message, mutated), name);
                Assert.False(verify(publicKey, [.. message, 0], signature), name);
            }
        }
    }

    [Fact]
    public void Verify_RandomBytesAndBitFlips_BackendsAgree()
    {
        var random = new Random(8032);
        var keys = Signatures.Generate(SignatureAlgorithm.ED25519);
        var message = RandomNumberGenerator.GetBytes(32);
        var signature = Signatures.Sign(SignatureAlgorithm.ED25519, keys.PrivateKey, message);
        var verdicts = 0;
        for (var i = 0; i < 300; i++)
        {
            var publicKey = (byte[])keys.PublicKey.Clone();
            var candidate = (byte[])signature.Clone();
            if (i % 3 == 0)
            {
                random.NextBytes(publicKey);
            }

            if (i % 3 == 1)
            {
                random.NextBytes(candidate);
            }

            candidate[random.Next(64)] ^= (byte)(i % 5 == 0 ? 0 : 1 << random.Next(8));
            var managed = ManagedEd25519.Verify(publicKey, message, candidate);
            verdicts += managed ? 1 : 0;
            if (Sodium.IsAvailable)
            {
                Assert.Equal(managed, SodiumEd25519.VerifyWithLibraryRulesOnly(publicKey, message, candidate));
            }
        }

        Assert.InRange(verdicts, 1, 299);
    }

    [Fact]
    public void Sign_SameSeedTwice_UsesTheCachedKeyAndGivesTheSameSignature()
    {
        var seed = RandomNumberGenerator.GetBytes(32);
        var first = Signatures.Sign(SignatureAlgorithm.ED25519, seed, "m"u8);
        var cached = new byte[32];
        Assert.True(DerivedPublicKeys.TryGet(SignatureAlgorithm.ED25519, seed, cached));
        Assert.Equal(Signatures.PublicKeyFromPrivate(SignatureAlgorithm.ED25519, seed), cached);
        Assert.Equal(first, Signatures.Sign(SignatureAlgorithm.ED25519, seed, "m"u8));

        var other = (byte[])seed.Clone();
        other[0] ^= 1;
        Assert.False(DerivedPublicKeys.TryGet(SignatureAlgorithm.ED25519, other, cached));
        Assert.False(DerivedPublicKeys.TryGet(SignatureAlgorithm.NISTP256, seed, new byte[65]));
    }

    private delegate void SignFunc(ReadOnlySpan<byte> seed, ReadOnlySpan<byte> publicKey, ReadOnlySpan<byte> message, Span<byte> signature);

    private delegate void DeriveFunc(ReadOnlySpan<byte> seed, Span<byte> publicKey);

    private delegate bool VerifyFunc(ReadOnlySpan<byte> publicKey, ReadOnlySpan<byte> message, ReadOnlySpan<byte> signature);

    private static IEnumerable<(string Name, SignFunc Sign, DeriveFunc Derive, VerifyFunc Verify)> Backends()
    {
        yield return ("managed", ManagedEd25519.Sign, ManagedEd25519.PublicKeyFromSeed, ManagedEd25519.Verify);
        yield return ("managed, key derived while signing",
            (seed, _, message, signature) => ManagedEd25519.Sign(seed, default, message, signature), ManagedEd25519.PublicKeyFromSeed, ManagedEd25519.Verify);
        if (Sodium.IsAvailable)
        {
            yield return ("libsodium", SodiumEd25519.Sign, SodiumEd25519.PublicKeyFromSeed, SodiumEd25519.Verify);
        }
    }
}
