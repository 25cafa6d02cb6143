using Sorcha.Cryptography;
using Sorcha.Ledger.Formats;

namespace Sorcha.Ledger.Dockets;

/// <summary>Checks one docket on its own: shape, docketHash and the register's signature. Null means it passed.</summary>
public static class DocketChecks
{
    /// <param name="registerPublicKey">The register's Ed25519 key; empty skips the signature check.</param>
    public static string? CheckSealed(Docket docket, ReadOnlySpan<byte> registerPublicKey)
    {
        if (docket.Number < 0 || docket.FirstSequence < 0 || docket.LastSequence < docket.FirstSequence)
        {
            return $"has an invalid range (number {docket.Number}, sequences {docket.FirstSequence}..{docket.LastSequence})";
        }

        if (!LowerHex.IsHash(docket.MerkleRoot) || !LowerHex.IsHash(docket.PreviousDocketHash) || !LowerHex.IsHash(docket.DocketHash))
        {
            return "merkleRoot, previousDocketHash and docketHash must be lowercase hex SHA-256";
        }

        if (docket.HasTree && (docket.TreeSize != docket.LastSequence + 1 || docket.TreeRoot is null || !LowerHex.IsHash(docket.TreeRoot)))
        {
            return "treeSize must be lastSequence + 1 and treeRoot lowercase hex SHA-256 (both present, or neither)";
        }

        if (!LedgerTime.TryParse(docket.SealedAt, out _))
        {
            return "sealedAt is not an RFC 3339 UTC timestamp";
        }

        var hash = DocketHasher.Hash(docket);
        if (!string.Equals(LowerHex.Encode(hash), docket.DocketHash, StringComparison.Ordinal))
        {
            return "docketHash does not match the docket's contents";
        }

        if (registerPublicKey.IsEmpty)
        {
            return null;
        }

        return StrictBase64.TryDecode(docket.Signature, out var signature)
            && Signatures.Verify(SignatureAlgorithm.ED25519, registerPublicKey, hash, signature)
            ? null
            : "signature is not the register key's signature over the docketHash";
    }

    /// <summary>Null when <paramref name="txIds"/> (the docket's txIds in order) hash to its merkleRoot.</summary>
    public static string? CheckMerkleRoot(Docket docket, IReadOnlyList<byte[]> txIds)
    {
        if (txIds.Count != docket.TransactionCount)
        {
            return $"covers {docket.TransactionCount} transactions but {txIds.Count} were given";
        }

        return string.Equals(LowerHex.Encode(Merkle.Root(txIds)), docket.MerkleRoot, StringComparison.Ordinal)
            ? null
            : "merkleRoot does not match the Merkle tree of its transactions";
    }
}
