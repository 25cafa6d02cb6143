using Sorcha.Cryptography;
using Sorcha.Ledger.Formats;

namespace Sorcha.Ledger.Dockets;

/// <summary>Builds and checks <see cref="InclusionProof"/>s.</summary>
public static class InclusionProofs
{
    /// <param name="docketTxIds">The docket's raw txIds in sequence order.</param>
    public static InclusionProof Build(Docket docket, IReadOnlyList<byte[]> docketTxIds, long sequence)
    {
        if (docketTxIds.Count != docket.TransactionCount)
        {
            throw new ArgumentException("the txIds must be exactly the docket's", nameof(docketTxIds));
        }

        ArgumentOutOfRangeException.ThrowIfLessThan(sequence, docket.FirstSequence);
        ArgumentOutOfRangeException.ThrowIfGreaterThan(sequence, docket.LastSequence);
        var leafIndex = (int)(sequence - docket.FirstSequence);
        var path = Merkle.InclusionPath(docketTxIds, leafIndex);
        return new InclusionProof(
            LowerHex.Encode(docketTxIds[leafIndex]), sequence, docket, leafIndex, [.. path.Select(h => LowerHex.Encode(h))]);
    }

    /// <summary>True when the proof's path leads from its txId to its docket's merkleRoot (the docket itself is not checked).</summary>
    public static bool Verify(InclusionProof proof)
    {
        if (!LowerHex.IsHash(proof.TxId) || !LowerHex.IsHash(proof.Docket.MerkleRoot)
            || proof.LeafIndex != proof.Sequence - proof.Docket.FirstSequence || proof.AuditPath.Any(h => !LowerHex.IsHash(h)))
        {
            return false;
        }

        byte[][] path = [.. proof.AuditPath.Select(Convert.FromHexString)];
        return Merkle.VerifyInclusion(
            Convert.FromHexString(proof.TxId), proof.LeafIndex, proof.Docket.TransactionCount, path, Convert.FromHexString(proof.Docket.MerkleRoot));
    }
}
