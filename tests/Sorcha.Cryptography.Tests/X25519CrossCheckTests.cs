using BouncyCastleX25519 = Org.BouncyCastle.Math.EC.Rfc7748.X25519;

namespace Sorcha.Cryptography.Tests;

/// <summary>
/// X25519 through NSec against BouncyCastle's independent implementation: the same bytes, and the same verdict on
/// the points whose result is all zero (ECIES must reject them). The RFC 7748 vectors are in <see cref="X25519Tests"/>.
/// </summary>
public class X25519CrossCheckTests
{
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
    public void Shared_secret_small_order_point_fails_with_zero_output(string u)
    {
        var scalar = Hashes.Sha256("x25519 scalar"u8);
        Assert.False(BouncyCastleX25519.CalculateAgreement(scalar, 0, Hashes.FromHex(u), 0, new byte[32], 0));

        var output = Enumerable.Repeat((byte)0xAA, 32).ToArray();
        Assert.False(X25519Keys.TrySharedSecret(scalar, Hashes.FromHex(u), output));
        Assert.All(output, b => Assert.Equal(0, b));
    }

    [Fact]
    public void Random_scalars_and_points_agree_with_bouncy_castle()
    {
        var random = new Random(7748);
        for (var i = 0; i < 200; i++)
        {
            var scalar = new byte[32];
            var u = new byte[32];
            random.NextBytes(scalar);
            random.NextBytes(u);
            var expected = new byte[32];
            var shared = new byte[32];
            Assert.Equal(BouncyCastleX25519.CalculateAgreement(scalar, 0, u, 0, expected, 0), X25519Keys.TrySharedSecret(scalar, u, shared));
            Assert.Equal(expected, shared);

            var expectedPublic = new byte[32];
            BouncyCastleX25519.ScalarMultBase(scalar, 0, expectedPublic, 0);
            Assert.Equal(expectedPublic, X25519Keys.PublicKey(scalar));
        }
    }
}
