namespace Sorcha.Cryptography.Tests;

public class X25519Tests
{
    // RFC 7748 §5.2.
    [Theory]
    [InlineData("a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4", "e6db6867583030db3594c1a424b15f7c726624ec26b3353b10a903a6d0ab1c4c", "c3da55379de9c6908e94ea4df28d084f32eccf03491c71f754b4075577a28552")]
    [InlineData("4b66e9d4d1b4673c5ad22691957d6af5c11b6421e0ea01d42ca4169e7918ba0d", "e5210f12786811d3f4b7959d0538ae2c31dbe7106fc03c3efc4cd549c715a493", "95cbde9476e8907d7aade45cb4b873f88b595a68799fa152e6f8f7647aac7957")]
    public void Shared_secret_Rfc7748_vectors_match(string scalar, string u, string expected)
    {
        var shared = new byte[32];
        Assert.True(X25519Keys.TrySharedSecret(Hashes.FromHex(scalar), Hashes.FromHex(u), shared));
        Assert.Equal(expected, Hashes.ToHex(shared));
    }

    [Fact]
    public void Shared_secret_Rfc7748_iterated_after_1_and_1000()
    {
        var k = Hashes.FromHex("0900000000000000000000000000000000000000000000000000000000000000");
        var u = (byte[])k.Clone();
        for (var i = 1; i <= 1000; i++)
        {
            var result = new byte[32];
            X25519Keys.TrySharedSecret(k, u, result);
            (u, k) = (k, result);
            if (i == 1)
            {
                Assert.Equal("422c8e7a6227d7bca1350b3e2bb7279f7897b87bb6854b783c60e80311ae3079", Hashes.ToHex(k));
            }
        }

        Assert.Equal("684cf59ba83309552800ef566f2f4d3c1c3887c49360e3875f2eb94d99532c51", Hashes.ToHex(k));
    }

    // RFC 7748 §6.1.
    [Fact]
    public void Diffie_hellman_Rfc7748_section_61_agrees_on_shared_secret()
    {
        var alicePrivate = Hashes.FromHex("77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a");
        var bobPrivate = Hashes.FromHex("5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb");
        var alicePublic = X25519Keys.PublicKey(alicePrivate);
        var bobPublic = X25519Keys.PublicKey(bobPrivate);
        Assert.Equal("8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a", Hashes.ToHex(alicePublic));
        Assert.Equal("de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f", Hashes.ToHex(bobPublic));

        var k1 = new byte[32];
        var k2 = new byte[32];
        Assert.True(X25519Keys.TrySharedSecret(alicePrivate, bobPublic, k1));
        Assert.True(X25519Keys.TrySharedSecret(bobPrivate, alicePublic, k2));
        Assert.Equal("4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742", Hashes.ToHex(k1));
        Assert.Equal(k1, k2);
    }

    [Fact]
    public void Shared_secret_small_order_point_returns_false()
    {
        var shared = new byte[32];
        Assert.False(X25519Keys.TrySharedSecret(new byte[32] { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32 }, new byte[32], shared));
        Assert.All(shared, b => Assert.Equal(0, b));
    }
}
