namespace Sorcha.Cryptography.Tests;

/// <summary>libsodium and BouncyCastle X25519 must give the same bytes and the same verdict on all-zero results.</summary>
public class X25519BackendAgreementTests
{
    private delegate bool SharedFunc(ReadOnlySpan<byte> privateKey, ReadOnlySpan<byte> publicKey, Span<byte> shared);

    // u-coordinates whose X25519 result is all zero for every clamped scalar: libsodium's small-order list
    // (0, 1, the two points of order 8, p - 1, p, p + 1) and the same with bit 255 set, which RFC 7748 ignores.
    public static TheoryData<string> ZeroResultPoints => [.. new[]
    {
        "0000000000000000000000000000000000000000000000000000000000000000",
        "0100000000000000000000000000000000000000000000000000000000000000",
        "e0eb7a7c3b41b8ae1656e3faf19fc46ada098deb9c32b1fd866205165f49b800",
        "5f9c95bca3508c24b1d0b1559c83ef5b04445cc4581c8e86d8224eddd09f1157",
        "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
        "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
        "eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
        "0000000000000000000000000000000000000000000000000000000000000080",
        "e0eb7a7c3b41b8ae1656e3faf19fc46ada098deb9c32b1fd866205165f49b880",
        "eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
    }];

    [Theory]
    [MemberData(nameof(ZeroResultPoints))]
    public void SharedSecret_SmallOrderPoint_FailsWithZeroOutputOnEveryBackend(string u)
    {
        var scalar = Hashes.Sha256("x25519 scalar"u8);
        foreach (var (name, shared) in Backends())
        {
            var result = Enumerable.Repeat((byte)0xAA, 32).ToArray();
            Assert.False(shared(scalar, Hashes.FromHex(u), result), name);
            // The backend may leave the output unwritten; the public API zeroes it.
        }

        var output = Enumerable.Repeat((byte)0xAA, 32).ToArray();
        Assert.False(X25519Keys.TrySharedSecret(scalar, Hashes.FromHex(u), output));
        Assert.All(output, b => Assert.Equal(0, b));
    }

    [Theory]
    [InlineData("a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4", "e6db6867583030db3594c1a424b15f7c726624ec26b3353b10a903a6d0ab1c4c", "c3da55379de9c6908e94ea4df28d084f32eccf03491c71f754b4075577a28552")]
    [InlineData("4b66e9d4d1b4673c5ad22691957d6af5c11b6421e0ea01d42ca4169e7918ba0d", "e5210f12786811d3f4b7959d0538ae2c31dbe7106fc03c3efc4cd549c715a493", "95cbde9476e8907d7aade45cb4b873f88b595a68799fa152e6f8f7647aac7957")]
    public void SharedSecret_Rfc7748Vectors_EveryBackend(string scalar, string u, string expected)
    {
        foreach (var (name, shared) in Backends())
        {
            var result = new byte[32];
            Assert.True(shared(Hashes.FromHex(scalar), Hashes.FromHex(u), result), name);
            Assert.True(expected == Hashes.ToHex(result), name);
        }
    }

    [Fact]
    public void SharedSecret_Rfc7748Iterated1000_EveryBackend()
    {
        foreach (var (name, shared) in Backends())
        {
            var k = Hashes.FromHex("0900000000000000000000000000000000000000000000000000000000000000");
            var u = (byte[])k.Clone();
            for (var i = 0; i < 1000; i++)
            {
                var result = new byte[32];
                shared(k, u, result);
                (u, k) = (k, result);
            }

            Assert.True(Hashes.ToHex(k) == "684cf59ba83309552800ef566f2f4d3c1c3887c49360e3875f2eb94d99532c51", name);
        }
    }

    [Fact]
    public void RandomScalarsAndPoints_BackendsAgree()
    {
        if (!Sodium.IsAvailable)
        {
            // Nothing to compare with; CryptoBackendTests makes CI fail when libsodium is missing.
            Assert.False(CryptoBackend.IsNative);
            return;
        }

        var random = new Random(7748);
        for (var i = 0; i < 200; i++)
        {
            var scalar = new byte[32];
            var u = new byte[32];
            random.NextBytes(scalar);
            random.NextBytes(u);
            var fromSodium = new byte[32];
            var fromBouncyCastle = new byte[32];
            Assert.Equal(BouncyCastleX25519.TrySharedSecret(scalar, u, fromBouncyCastle), SodiumX25519.TrySharedSecret(scalar, u, fromSodium));
            Assert.Equal(fromBouncyCastle, fromSodium);

            var publicSodium = new byte[32];
            var publicBouncyCastle = new byte[32];
            SodiumX25519.PublicKey(scalar, publicSodium);
            BouncyCastleX25519.PublicKey(scalar, publicBouncyCastle);
            Assert.Equal(publicBouncyCastle, publicSodium);
        }
    }

    private static IEnumerable<(string Name, SharedFunc Shared)> Backends()
    {
        yield return ("BouncyCastle", BouncyCastleX25519.TrySharedSecret);
        if (Sodium.IsAvailable)
        {
            yield return ("libsodium", SodiumX25519.TrySharedSecret);
        }
    }
}
