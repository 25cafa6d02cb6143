using Sorcha.Cryptography;
using Sorcha.Ledger.Dockets;
using Sorcha.Ledger.Formats;
using Sorcha.Ledger.Tests.TestData;

namespace Sorcha.Ledger.Tests;

/// <summary>The register tree (treeRoot) and RFC 9162 consistency proofs, measured against <see cref="Rfc9162Reference"/>.</summary>
public class RegisterTreeTests
{
    [Fact]
    public void Frontier_root_is_the_reference_tree_hash_at_every_size()
    {
        var leaves = Rfc9162Reference.Leaves(130);
        var frontier = new MerkleFrontier();
        Assert.Equal(Rfc9162Reference.Mth([]), frontier.Root());
        for (var n = 1; n <= leaves.Count; n++)
        {
            frontier.Append(leaves[n - 1]);
            Assert.Equal(Rfc9162Reference.Mth(leaves[..n]), frontier.Root());
            Assert.True(MerkleFrontier.TryFromBytes(n, frontier.ToBytes(), out var copy));
            Assert.Equal(frontier.Root(), copy.Root());
        }

        Assert.False(MerkleFrontier.TryFromBytes(130, frontier.ToBytes().AsSpan(1), out _));
    }

    [Fact]
    public void Consistency_proofs_are_the_references_and_verify_for_every_pair_of_sizes()
    {
        var leaves = Rfc9162Reference.Leaves(40, seed: 1);
        for (var n = 1; n <= leaves.Count; n++)
        {
            var tree = leaves[..n];
            var root = Rfc9162Reference.Mth(tree);
            for (var m = 1; m <= n; m++)
            {
                var expected = Rfc9162Reference.Proof(m, tree);
                var proof = MerkleConsistency.Proof(tree, m);
                Assert.Equal(expected, proof);
                Assert.True(MerkleConsistency.Verify(m, n, Rfc9162Reference.Mth(leaves[..m]), root, proof), $"{m} → {n}");
            }
        }
    }

    [Fact]
    public void Consistency_verification_refuses_every_altered_proof_root_or_size()
    {
        var leaves = Rfc9162Reference.Leaves(29, seed: 2);
        foreach (var (m, n) in new[] { (1, 2), (3, 7), (4, 8), (5, 29), (16, 29), (7, 8) })
        {
            var first = Rfc9162Reference.Mth(leaves[..m]);
            var second = Rfc9162Reference.Mth(leaves[..n]);
            var proof = Rfc9162Reference.Proof(m, leaves[..n]);
            Assert.True(MerkleConsistency.Verify(m, n, first, second, proof));
            for (var i = 0; i < proof.Count; i++)
            {
                var altered = proof.Select(p => p.ToArray()).ToList();
                altered[i][5] ^= 1;
                Assert.False(MerkleConsistency.Verify(m, n, first, second, altered), $"{m} → {n}, element {i}");
            }

            Assert.False(MerkleConsistency.Verify(m, n, second, second, proof));
            Assert.False(MerkleConsistency.Verify(m, n, first, first, proof));
            // (A wrong second size with the right roots can pass — RFC 9162 binds sizes only through the path shape —
            // which is why treeSize is signed in the docket next to treeRoot.)
            Assert.False(MerkleConsistency.Verify(m, n, first, second, proof[..^1]));
            Assert.False(MerkleConsistency.Verify(m, n, first, second, [.. proof, proof[0]]));
        }

        // A register cut back and regrown: the old root is not a prefix of the new tree.
        var regrown = leaves[..10].Concat(Rfc9162Reference.Leaves(10, seed: 3)).ToList();
        var honest = Rfc9162Reference.Mth(leaves[..15]);
        Assert.False(MerkleConsistency.Verify(15, 20, honest, Rfc9162Reference.Mth(regrown), MerkleConsistency.Proof(regrown, 15)));
    }

    [Fact]
    public void Sealed_docket_carries_the_register_tree_over_every_txId_and_its_hash_covers_nine_fields()
    {
        var txIds = Rfc9162Reference.Leaves(250, seed: 4);
        var tree = new MerkleFrontier();
        var d0 = DocketSealer.Seal("reg", 0, 0, txIds[..100], DocketHasher.GenesisPreviousHash, RegisterFactory.Start,
            TestKeys.Register.PrivateKey, tree);
        var d1 = DocketSealer.Seal("reg", 1, 100, txIds[100..250], d0.DocketHash, RegisterFactory.Start, TestKeys.Register.PrivateKey, tree);

        Assert.Equal(250, d1.TreeSize);
        Assert.Equal(LowerHex.Encode(Rfc9162Reference.Mth(txIds)), d1.TreeRoot);
        Assert.Null(DocketChecks.CheckSealed(d1, TestKeys.Register.PublicKey));
        Assert.NotNull(DocketChecks.CheckSealed(d1 with { TreeRoot = d0.TreeRoot }, TestKeys.Register.PublicKey));
        Assert.NotNull(DocketChecks.CheckSealed(d1 with { TreeSize = 249 }, TestKeys.Register.PublicKey));
        Assert.NotNull(DocketChecks.CheckSealed(d1 with { TreeSize = null, TreeRoot = null }, TestKeys.Register.PublicKey));

        var proof = ConsistencyProofs.Build(d0, d1, txIds);
        Assert.Equal(Rfc9162Reference.Proof(100, txIds).Select(h => LowerHex.Encode(h)), proof.Proof);
        Assert.True(ConsistencyProofs.Verify(proof));
        Assert.False(ConsistencyProofs.Verify(proof with { From = d0 with { TreeRoot = d1.TreeRoot } }));
    }
}
