using Sorcha.Cryptography;
using Sorcha.Ledger.Formats;

namespace Sorcha.Ledger.Dockets;

/// <summary>Builds and checks <see cref="ConsistencyProof"/>s between two dockets of one register.</summary>
public static class ConsistencyProofs
{
    /// <param name="txIds">The register's raw txIds 0..to.treeSize−1 in sequence order.</param>
    public static ConsistencyProof Build(Docket from, Docket to, IReadOnlyList<byte[]> txIds)
    {
        if (!from.HasTree || !to.HasTree || from.TreeSize > to.TreeSize)
        {
            throw new ArgumentException("both dockets need a register tree, the first no larger than the second");
        }

        if (txIds.Count != to.TreeSize)
        {
            throw new ArgumentException("the txIds must be exactly the register's first to.treeSize", nameof(txIds));
        }

        var proof = MerkleConsistency.Proof(txIds, from.TreeSize!.Value);
        return new ConsistencyProof(from, to, [.. proof.Select(h => LowerHex.Encode(h))]);
    }

    /// <summary>
    /// True when the proof leads from <c>from.treeRoot</c> to <c>to.treeRoot</c>. The dockets themselves (hash and the
    /// register's signature) are checked separately with <see cref="DocketChecks.CheckSealed"/>.
    /// </summary>
    public static bool Verify(ConsistencyProof proof) =>
        proof.From.HasTree && proof.To.HasTree && LowerHex.IsHash(proof.From.TreeRoot) && LowerHex.IsHash(proof.To.TreeRoot)
        && string.Equals(proof.From.RegisterId, proof.To.RegisterId, StringComparison.Ordinal)
        && proof.Proof.All(h => LowerHex.IsHash(h))
        && MerkleConsistency.Verify(proof.From.TreeSize!.Value, proof.To.TreeSize!.Value,
            Convert.FromHexString(proof.From.TreeRoot!), Convert.FromHexString(proof.To.TreeRoot!),
            [.. proof.Proof.Select(Convert.FromHexString)]);
}
