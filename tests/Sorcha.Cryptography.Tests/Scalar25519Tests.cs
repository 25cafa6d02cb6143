using System.Numerics;

namespace Sorcha.Cryptography.Tests;

/// <summary>Scalar arithmetic modulo L checked against System.Numerics.BigInteger.</summary>
public class Scalar25519Tests
{
    private static readonly BigInteger L = (BigInteger.One << 252) + BigInteger.Parse("27742317777372353535851937790883648493", System.Globalization.CultureInfo.InvariantCulture);

    private static BigInteger Value(ReadOnlySpan<byte> bytes) => new(bytes, isUnsigned: true);

    private static byte[] Bytes(BigInteger v, int length)
    {
        var bytes = new byte[length];
        v.TryWriteBytes(bytes, out _, isUnsigned: true);
        return bytes;
    }

    private static IEnumerable<BigInteger> Wide()
    {
        var random = new Random(252);
        var max = (BigInteger.One << 512) - 1;
        foreach (var v in new[] { BigInteger.Zero, BigInteger.One, L - 1, L, L + 1, 2 * L, 3 * L - 1, max, max / L * L, (max / L * L) - 1, BigInteger.One << 511, (BigInteger.One << 256) - 1 })
        {
            yield return v;
        }

        for (var i = 0; i < 2000; i++)
        {
            var bytes = new byte[64];
            random.NextBytes(bytes);
            yield return new BigInteger(bytes, isUnsigned: true);
        }
    }

    [Fact]
    public void Reduce_MatchesBigInteger()
    {
        var r = new byte[32];
        foreach (var x in Wide())
        {
            Scalar25519.Reduce(Bytes(x, 64), r);
            Assert.Equal(x % L, Value(r));
        }
    }

    [Fact]
    public void MulAdd_MatchesBigInteger()
    {
        var random = new Random(8032);
        var s = new byte[32];
        var maxima = new[] { (BigInteger.One << 256) - 1, L - 1, BigInteger.Zero };
        for (var i = 0; i < 2000; i++)
        {
            var a = i < 3 ? maxima[i] : new BigInteger(Bytes32(random), isUnsigned: true);
            var b = i < 3 ? maxima[i] : new BigInteger(Bytes32(random), isUnsigned: true);
            var c = i < 3 ? maxima[i] : new BigInteger(Bytes32(random), isUnsigned: true);
            Scalar25519.MulAdd(s, Bytes(a, 32), Bytes(b, 32), Bytes(c, 32));
            Assert.Equal(((a * b) + c) % L, Value(s));
        }
    }

    [Fact]
    public void IsCanonical_BoundaryValues()
    {
        Assert.True(Scalar25519.IsCanonical(Bytes(L - 1, 32)));
        Assert.True(Scalar25519.IsCanonical(new byte[32]));
        Assert.False(Scalar25519.IsCanonical(Bytes(L, 32)));
        Assert.False(Scalar25519.IsCanonical(Bytes((BigInteger.One << 256) - 1, 32)));
    }

    private static byte[] Bytes32(Random random)
    {
        var bytes = new byte[32];
        random.NextBytes(bytes);
        return bytes;
    }
}
