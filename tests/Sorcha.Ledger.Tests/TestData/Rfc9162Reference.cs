using System.Security.Cryptography;

namespace Sorcha.Ledger.Tests.TestData;

/// <summary>
/// RFC 9162 §2.1 written straight from the RFC's recursive definitions, deliberately simple and slow, sharing no code
/// with the product: the yardstick its tree roots and consistency proofs are measured against.
/// </summary>
internal static class Rfc9162Reference
{
    public static byte[] Mth(IReadOnlyList<byte[]> d)
    {
        if (d.Count == 0)
        {
            return SHA256.HashData(Array.Empty<byte>());
        }

        if (d.Count == 1)
        {
            return SHA256.HashData([0x00, .. d[0]]);
        }

        var k = K(d.Count);
        return SHA256.HashData([0x01, .. Mth(d.Take(k).ToList()), .. Mth(d.Skip(k).ToList())]);
    }

    /// <summary>PROOF(m, D[n]) = SUBPROOF(m, D[n], true).</summary>
    public static List<byte[]> Proof(int m, IReadOnlyList<byte[]> d) => SubProof(m, d, true);

    private static List<byte[]> SubProof(int m, IReadOnlyList<byte[]> d, bool b)
    {
        var n = d.Count;
        if (m == n)
        {
            return b ? [] : [Mth(d)];
        }

        var k = K(n);
        if (m <= k)
        {
            return [.. SubProof(m, d.Take(k).ToList(), b), Mth(d.Skip(k).ToList())];
        }

        return [.. SubProof(m - k, d.Skip(k).ToList(), false), Mth(d.Take(k).ToList())];
    }

    /// <summary>The largest power of two smaller than n (n &gt; 1).</summary>
    private static int K(int n)
    {
        var k = 1;
        while (k * 2 < n)
        {
            k *= 2;
        }

        return k;
    }

    public static List<byte[]> Leaves(int count, int seed = 0) =>
        [.. Enumerable.Range(0, count).Select(i => SHA256.HashData(BitConverter.GetBytes(i + seed * 100_000)))];
}
