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
    public static Docket Seal(
        string registerId, long number, long firstSequence, IReadOnlyList<byte[]> txIds,
        string previousDocketHash, DateTimeOffset sealedAt, ReadOnlySpan<byte> signingKey)
    {
        ArgumentOutOfRangeException.ThrowIfZero(txIds.Count);
        ArgumentOutOfRangeException.ThrowIfNegative(number);
        ArgumentOutOfRangeException.ThrowIfNegative(firstSequence);
        if (!LowerHex.IsHash(previousDocketHash))
        {
            throw new ArgumentException("previousDocketHash must be lowercase hex SHA-256", nameof(previousDocketHash));
        }

        var lastSequence = firstSequence + txIds.Count - 1;
        var merkleRoot = LowerHex.Encode(Merkle.Root(txIds));
        var sealedAtText = LedgerTime.Format(sealedAt);
        var docketHash = DocketHasher.Hash(registerId, number, firstSequence, lastSequence, merkleRoot, previousDocketHash, sealedAtText);
        var signature = Signatures.Sign(SignatureAlgorithm.ED25519, signingKey, docketHash);
        return new Docket(
            registerId, number, firstSequence, lastSequence, merkleRoot, previousDocketHash,
            sealedAtText, LowerHex.Encode(docketHash), Convert.ToBase64String(signature));
    }
}
