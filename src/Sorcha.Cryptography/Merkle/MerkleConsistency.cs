using System.Numerics;
using System.Security.Cryptography;

namespace Sorcha.Cryptography;

/// <summary>
/// RFC 9162 §2.1.4 consistency proofs between the tree of the first <c>m</c> leaves and the tree of all <c>n</c>:
/// proof that the later tree only appended to the earlier one (nothing changed, removed or reordered).
/// </summary>
public static class MerkleConsistency
{
    private const int HashSize = Hashes.Sha256Size;

    /// <summary>RFC 9162 §2.1.4.1 PROOF(m, D[n]) over raw leaves; empty when m = n (and for m = 0, which proves nothing).</summary>
    public static IReadOnlyList<byte[]> Proof(IReadOnlyList<byte[]> leaves, long m)
    {
        ArgumentNullException.ThrowIfNull(leaves);
        ArgumentOutOfRangeException.ThrowIfNegative(m);
        ArgumentOutOfRangeException.ThrowIfGreaterThan(m, leaves.Count);
        var proof = new List<byte[]>();
        if (m > 0 && m < leaves.Count)
        {
            SubProof((int)m, leaves, 0, leaves.Count, true, proof);
        }

        return proof;
    }

    // SUBPROOF(m, D[start:end], b), written iteratively in the RFC's own order: the path down, then the siblings up.
    private static void SubProof(int m, IReadOnlyList<byte[]> leaves, int start, int end, bool complete, List<byte[]> proof)
    {
        var siblings = new Stack<byte[]>();
        while (true)
        {
            var n = end - start;
            if (m == n)
            {
                if (!complete)
                {
                    proof.Add(TreeHash(leaves, start, end));
                }

                break;
            }

            var k = 1 << BitOperations.Log2((uint)(n - 1)); // the largest power of two below n (n ≥ 2 here)
            if (m <= k)
            {
                siblings.Push(TreeHash(leaves, start + k, end));
                end = start + k;
            }
            else
            {
                siblings.Push(TreeHash(leaves, start, start + k));
                m -= k;
                start += k;
                complete = false;
            }
        }

        while (siblings.Count > 0)
        {
            proof.Add(siblings.Pop());
        }
    }

    /// <summary>
    /// RFC 9162 §2.1.4.2: true when <paramref name="proof"/> shows that the tree of <paramref name="firstSize"/> leaves
    /// with <paramref name="firstRoot"/> is a prefix of the tree of <paramref name="secondSize"/> with <paramref name="secondRoot"/>.
    /// </summary>
    public static bool Verify(long firstSize, long secondSize, ReadOnlySpan<byte> firstRoot, ReadOnlySpan<byte> secondRoot,
        IReadOnlyList<byte[]> proof)
    {
        if (proof is null || firstSize < 0 || secondSize < firstSize || firstRoot.Length != HashSize || secondRoot.Length != HashSize
            || proof.Any(p => p is null || p.Length != HashSize))
        {
            return false;
        }

        if (firstSize == secondSize)
        {
            return proof.Count == 0 && CryptographicOperations.FixedTimeEquals(firstRoot, secondRoot);
        }

        if (firstSize == 0)
        {
            return proof.Count == 0; // every tree extends the empty one
        }

        if (proof.Count == 0)
        {
            return false;
        }

        var path = new List<byte[]>(proof);
        if ((firstSize & (firstSize - 1)) == 0)
        {
            path.Insert(0, firstRoot.ToArray());
        }

        var fn = firstSize - 1;
        var sn = secondSize - 1;
        while ((fn & 1) == 1)
        {
            fn >>= 1;
            sn >>= 1;
        }

        var fr = path[0];
        var sr = path[0];
        for (var i = 1; i < path.Count; i++)
        {
            var c = path[i];
            if (sn == 0)
            {
                return false;
            }

            if ((fn & 1) == 1 || fn == sn)
            {
                fr = Merkle.NodeHash(c, fr);
                sr = Merkle.NodeHash(c, sr);
                if ((fn & 1) == 0)
                {
                    while ((fn & 1) == 0 && fn != 0)
                    {
                        fn >>= 1;
                        sn >>= 1;
                    }
                }
            }
            else
            {
                sr = Merkle.NodeHash(sr, c);
            }

            fn >>= 1;
            sn >>= 1;
        }

        return sn == 0 && CryptographicOperations.FixedTimeEquals(fr, firstRoot) && CryptographicOperations.FixedTimeEquals(sr, secondRoot);
    }

    /// <summary>MTH over the raw leaves [start, end); the ranges a proof asks for are disjoint, so O(n) in all.</summary>
    private static byte[] TreeHash(IReadOnlyList<byte[]> leaves, int start, int end) =>
        Merkle.Root([.. Enumerable.Range(start, end - start).Select(i => leaves[i])]);
}
