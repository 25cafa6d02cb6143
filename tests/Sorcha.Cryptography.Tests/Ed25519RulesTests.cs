using System.Security.Cryptography;

namespace Sorcha.Cryptography.Tests;

/// <summary>
/// NSec's libsodium must sign the RFC 8032 bytes and accept exactly the signatures the contract's rules accept
/// (docs/api.md, "Signatures"; a ledger where nodes disagree is broken). The verdicts come from the independent
/// BigInteger reference (<see cref="ReferenceEd25519"/>), and Sorcha puts no check of its own in front of the
/// library: a libsodium that answered differently would fail here.
/// </summary>
public class Ed25519RulesTests
{
    private const SignatureAlgorithm Ed = SignatureAlgorithm.ED25519;

    public static TheoryData<string> EdgeVectorNames => [.. Ed25519EdgeVectors.All.Select(v => v.Name)];

    [Theory]
    [MemberData(nameof(EdgeVectorNames))]
    public void Verify_edge_vector_gives_the_rules_verdict(string name)
    {
        var v = Ed25519EdgeVectors.All.Single(x => x.Name == name);
        Assert.Equal(v.Valid, ReferenceEd25519.Verify(v.PublicKey, v.Message, v.Signature));
        Assert.Equal(v.Valid, Signatures.Verify(Ed, v.PublicKey, v.Message, v.Signature));
    }

    [Fact]
    public void Edge_vectors_cover_both_verdicts_and_the_equation_only_cases()
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
    public void Sign_Rfc8032_vectors_produce_the_published_signature(string seedHex, string messageHex, string signatureHex)
    {
        var seed = Hashes.FromHex(seedHex);
        var message = Hashes.FromHex(messageHex);
        var signature = Signatures.Sign(Ed, seed, message);
        Assert.Equal(signatureHex, Hashes.ToHex(signature));
        Assert.True(Signatures.Verify(Ed, Signatures.PublicKeyFromPrivate(Ed, seed), message, signature));
    }

    [Fact]
    public void Sign_and_verify_random_keys_and_messages_agree_with_the_reference()
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

            Assert.Equal(expectedKey, Signatures.PublicKeyFromPrivate(Ed, seed));
            Assert.Equal(expected, Signatures.Sign(Ed, seed, message));
            Assert.True(Signatures.Verify(Ed, expectedKey, message, expected));
            Assert.False(Signatures.Verify(Ed, expectedKey, message, mutated));
            Assert.False(Signatures.Verify(Ed, expectedKey, [.. message, 0], expected));
        }
    }

    [Fact]
    public void Verify_random_bytes_and_bit_flips_agree_with_the_reference()
    {
        var random = new Random(8032);
        var keys = Signatures.Generate(Ed);
        var message = RandomNumberGenerator.GetBytes(32);
        var signature = Signatures.Sign(Ed, keys.PrivateKey, message);
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
            var expected = ReferenceEd25519.Verify(publicKey, message, candidate);
            verdicts += expected ? 1 : 0;
            Assert.Equal(expected, Signatures.Verify(Ed, publicKey, message, candidate));
        }

        Assert.InRange(verdicts, 1, 299);
    }
}
