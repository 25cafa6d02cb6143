using System.Numerics;

namespace Sorcha.Cryptography.Tests;

/// <summary>The Ed25519 field checked against System.Numerics.BigInteger arithmetic modulo 2^255 - 19.</summary>
public class Fe25519Tests
{
    private static readonly BigInteger P = (BigInteger.One << 255) - 19;

    private static BigInteger Value(in Fe25519 f)
    {
        var bytes = new byte[32];
        f.ToBytes(bytes);
        return new BigInteger(bytes, isUnsigned: true);
    }

    private static Fe25519 FromValue(BigInteger v)
    {
        var bytes = new byte[32];
        v.TryWriteBytes(bytes, out _, isUnsigned: true);
        Fe25519.FromBytes(out var f, bytes);
        return f;
    }

    private static IEnumerable<BigInteger> Samples()
    {
        var random = new Random(255);
        yield return BigInteger.Zero;
        yield return BigInteger.One;
        yield return P - 1;
        yield return P - 19;
        yield return (BigInteger.One << 255) - 20;
        for (var i = 0; i < 200; i++)
        {
            var bytes = new byte[32];
            random.NextBytes(bytes);
            bytes[31] &= 0x7F;
            yield return new BigInteger(bytes, isUnsigned: true) % P;
        }
    }

    [Fact]
    public void RoundTrip_Bytes()
    {
        foreach (var v in Samples())
        {
            Assert.Equal(v, Value(FromValue(v)));
        }
    }

    [Fact]
    public void ToBytes_ValuesAtOrAboveP_AreReduced()
    {
        // 2^255 - 19 .. 2^255 - 1 load (bit 255 ignored) as p .. p + 18 and must encode as 0 .. 18.
        for (var k = 0; k < 19; k++)
        {
            Assert.Equal(new BigInteger(k), Value(FromValue(P + k)));
        }
    }

    [Fact]
    public void Arithmetic_MatchesBigInteger()
    {
        var samples = Samples().ToList();
        for (var i = 0; i < samples.Count; i++)
        {
            var a = samples[i];
            var b = samples[(i * 7 + 3) % samples.Count];
            var fa = FromValue(a);
            var fb = FromValue(b);
            Fe25519.Add(out var sum, fa, fb);
            Fe25519.Sub(out var difference, fa, fb);
            Fe25519.Mul(out var product, fa, fb);
            Fe25519.Square(out var square, fa);
            Fe25519.Negate(out var negated, fa);
            Assert.Equal((a + b) % P, Value(sum));
            Assert.Equal(((a - b) % P + P) % P, Value(difference));
            Assert.Equal(a * b % P, Value(product));
            Assert.Equal(a * a % P, Value(square));
            Assert.Equal((P - a) % P, Value(negated));

            // Unreduced sums feed multiplications in the point formulas.
            Fe25519.Add(out var sum2, sum, sum);
            Fe25519.Mul(out var productOfSums, sum2, sum);
            Assert.Equal(2 * (a + b) * (a + b) % P, Value(productOfSums));
        }
    }

    [Fact]
    public void Invert_AndPow22523_MatchBigInteger()
    {
        foreach (var a in Samples().Take(40))
        {
            var fa = FromValue(a);
            Fe25519.Invert(out var inverse, fa);
            Fe25519.Pow22523(out var power, fa);
            Assert.Equal(BigInteger.ModPow(a, P - 2, P), Value(inverse));
            Assert.Equal(BigInteger.ModPow(a, (P - 5) / 8, P), Value(power));

            // In-place use (result aliasing the input), as point decoding does.
            var inPlace = fa;
            Fe25519.Pow22523(out inPlace, inPlace);
            Assert.Equal(Value(power), Value(inPlace));
            inPlace = fa;
            Fe25519.Invert(out inPlace, inPlace);
            Assert.Equal(Value(inverse), Value(inPlace));
        }
    }
}
