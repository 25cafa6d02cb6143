using Sorcha.Cryptography;
using Sorcha.Ledger.Formats;

namespace Sorcha.Ledger.Dockets;

/// <summary>Builds and signs the docket over a run of committed txIds.</summary>
public static class DocketSealer
{
    /// <param name="txIds">The raw 32-byte txIds of sequences <paramref name="firstSequence"/>.. in order; at least one.</param>
    /// <param name="previousDocketHash">The previous docket's docketHash, or <see cref="DocketHasher.GenesisPreviousHash"/> for docket 0.</param>
    /// <param name="sealedAt">Truncated to milliseconds and written with <see cref="LedgerTime.Format"/>.</param>
    /// <param name="signingKey">The register's Ed25519 private key.</param>
    /// <param name="tree">
    /// The register tree over sequences 0..firstSequence−1; the txIds are appended to it and the docket carries
    /// treeSize/treeRoot. Every docket is sealed with its tree: dockets without one exist only in registers sealed
    /// before register trees, which are read and verified (<see cref="DocketHasher"/>) but never written again.
    /// </param>
    public static Docket Seal(
        string registerId, long number, long firstSequence, IReadOnlyList<byte[]> txIds,
        string previousDocketHash, DateTimeOffset sealedAt, ReadOnlySpan<byte> signingKey, MerkleFrontier tree)
    {
        ArgumentOutOfRangeException.ThrowIfZero(txIds.Count);
        ArgumentOutOfRangeException.ThrowIfNegative(number);
        ArgumentOutOfRangeException.ThrowIfNegative(firstSequence);
        if (!LowerHex.IsHash(previousDocketHash))
        {
            throw new ArgumentException("previousDocketHash must be lowercase hex SHA-256", nameof(previousDocketHash));
        }

        if (tree.Size != firstSequence)
        {
            throw new ArgumentException($"the register tree has {tree.Size} leaves, not the {firstSequence} before this docket", nameof(tree));
        }

        var lastSequence = firstSequence + txIds.Count - 1;
        var merkleRoot = LowerHex.Encode(Merkle.Root(txIds));
        var sealedAtText = LedgerTime.Format(sealedAt);
        tree.AppendAll(txIds);
        var (treeSize, treeRoot) = (tree.Size, LowerHex.Encode(tree.Root()));
        var docketHash = DocketHasher.Hash(registerId, number, firstSequence, lastSequence, merkleRoot, previousDocketHash, sealedAtText,
            treeSize, treeRoot);
        var signature = Signatures.Sign(SignatureAlgorithm.ED25519, signingKey, docketHash);
        return new Docket(
            registerId, number, firstSequence, lastSequence, merkleRoot, previousDocketHash,
            sealedAtText, LowerHex.Encode(docketHash), Convert.ToBase64String(signature), treeSize, treeRoot);
    }
}
