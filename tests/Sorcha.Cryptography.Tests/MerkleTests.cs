using System.Security.Cryptography;

namespace Sorcha.Cryptography.Tests;

public class MerkleTests
{
    private static List<byte[]> Leaves(int count) =>
        Enumerable.Range(0, count).Select(i => SHA256.HashData(BitConverter.GetBytes(i))).ToList();

    // Independent reference: RFC 9162 §2.1.1 MTH written literally (recursive split at the largest power of two < n).
    private static byte[] ReferenceRoot(List<byte[]> d)
    {
        if (d.Count == 0)
        {
            return SHA256.HashData([]);
        }

        if (d.Count == 1)
        {
            return SHA256.HashData([0x00, .. d[0]]);
        }

        var k = LargestPowerOfTwoBelow(d.Count);
        return SHA256.HashData([0x01, .. ReferenceRoot(d.Take(k).ToList()), .. ReferenceRoot(d.Skip(k).ToList())]);
    }

    // RFC 9162 §2.1.3.1 PATH(m, D[n]) written literally.
    private static List<byte[]> ReferencePath(int m, List<byte[]> d)
    {
        if (d.Count == 1)
        {
            return [];
        }

        var k = LargestPowerOfTwoBelow(d.Count);
        return m < k
            ? [.. ReferencePath(m, d.Take(k).ToList()), ReferenceRoot(d.Skip(k).ToList())]
            : [.. ReferencePath(m - k, d.Skip(k).ToList()), ReferenceRoot(d.Take(k).ToList())];
    }

    private static int LargestPowerOfTwoBelow(int n)
    {
        var k = 1;
        while (k * 2 < n)
        {
            k *= 2;
        }

        return k;
    }

    [Fact]
    public void Root_empty_tree_is_Sha256_of_empty_string() =>
        Assert.Equal("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855", Hashes.ToHex(Merkle.Root([])));

    [Fact]
    public void Leaf_hash_prefixes_zero_byte() => Assert.Equal(SHA256.HashData([0x00, 1, 2]), Merkle.LeafHash([1, 2]));

    [Fact]
    public void Node_hash_prefixes_one_byte()
    {
        var left = SHA256.HashData([1]);
        var right = SHA256.HashData([2]);
        Assert.Equal(SHA256.HashData([0x01, .. left, .. right]), Merkle.NodeHash(left, right));
    }

    [Fact]
    public void Root_single_leaf_is_leaf_hash()
    {
        var leaves = Leaves(1);
        Assert.Equal(Merkle.LeafHash(leaves[0]), Merkle.Root(leaves));
    }

    [Fact]
    public void Root_every_size_up_to_64_matches_recursive_reference()
    {
        for (var n = 0; n <= 64; n++)
        {
            var leaves = Leaves(n);
            Assert.Equal(ReferenceRoot(leaves), Merkle.Root(leaves));
        }
    }

    [Fact]
    public void Inclusion_path_every_size_and_index_up_to_64_matches_reference_and_verifies()
    {
        for (var n = 1; n <= 64; n++)
        {
            var leaves = Leaves(n);
            var root = Merkle.Root(leaves);
            for (var m = 0; m < n; m++)
            {
                var path = Merkle.InclusionPath(leaves, m);
                Assert.Equal(ReferencePath(m, leaves), path);
                Assert.True(Merkle.VerifyInclusion(leaves[m], m, n, path, root), $"n={n} m={m}");
            }
        }
    }

    [Fact]
    public void Verify_inclusion_tampered_inputs_are_rejected_for_every_size_and_index()
    {
        for (var n = 1; n <= 64; n++)
        {
            var leaves = Leaves(n);
            var root = Merkle.Root(leaves);
            for (var m = 0; m < n; m++)
            {
                var path = Merkle.InclusionPath(leaves, m);
                var otherLeaf = (byte[])leaves[m].Clone();
                otherLeaf[0] ^= 1;
                Assert.False(Merkle.VerifyInclusion(otherLeaf, m, n, path, root), $"leaf n={n} m={m}");
                Assert.False(Merkle.VerifyInclusion(leaves[m], m, m, path, root), $"size n={n} m={m}");
                Assert.False(Merkle.VerifyInclusion(leaves[m], m, 2 * n, path, root), $"size*2 n={n} m={m}");
                Assert.False(Merkle.VerifyInclusion(leaves[m], m, n, path, Merkle.LeafHash(root)), $"root n={n} m={m}");
                if (n > 1)
                {
                    Assert.False(Merkle.VerifyInclusion(leaves[m], (m + 1) % n, n, path, root), $"index n={n} m={m}");
                    Assert.False(Merkle.VerifyInclusion(leaves[m], m, n, path.Take(path.Count - 1).ToList(), root), $"short n={n} m={m}");
                    for (var p = 0; p < path.Count; p++)
                    {
                        var tampered = path.Select(h => (byte[])h.Clone()).ToList();
                        tampered[p][31] ^= 0x80;
                        Assert.False(Merkle.VerifyInclusion(leaves[m], m, n, tampered, root), $"path[{p}] n={n} m={m}");
                    }
                }

                Assert.False(Merkle.VerifyInclusion(leaves[m], m, n, [.. path, root], root), $"long n={n} m={m}");
            }
        }
    }

    [Fact]
    public void Verify_inclusion_index_out_of_range_returns_false()
    {
        var leaves = Leaves(4);
        var root = Merkle.Root(leaves);
        var path = Merkle.InclusionPath(leaves, 3);
        Assert.False(Merkle.VerifyInclusion(leaves[3], 4, 4, path, root));
        Assert.False(Merkle.VerifyInclusion(leaves[3], -1, 4, path, root));
        Assert.False(Merkle.VerifyInclusion(leaves[3], 3, 4, [.. path.Take(1), new byte[31]], root));
    }

    [Fact]
    public void Inclusion_path_index_out_of_range_throws() =>
        Assert.Throws<ArgumentOutOfRangeException>(() => Merkle.InclusionPath(Leaves(3), 3));
}
