using Sorcha.Cryptography;
using Sorcha.Ledger.Dockets;
using Sorcha.Ledger.Formats;

namespace Sorcha.Ledger.Tombstones;

/// <summary>
/// Checks a tombstone on its own (hash and the register key's signature) and against what a verifier kept before the
/// register was deleted: a docket and the consistency proof from it to the final docket. Null means it passed.
/// </summary>
public static class TombstoneChecks
{
    public static string? Check(Tombstone tombstone)
    {
        if (!StrictBase64.TryDecode(tombstone.PublicKey, out var key) || key.Length != 32)
        {
            return "publicKey is not base64 of a 32-byte Ed25519 key";
        }

        if (!LowerHex.IsHash(tombstone.FinalDocketHash) || tombstone.TreeSize < 0 || (tombstone.TreeRoot is { } root && !LowerHex.IsHash(root)))
        {
            return "finalDocketHash and treeRoot must be lowercase hex SHA-256, treeSize not negative";
        }

        var hash = TombstoneHasher.Hash(tombstone);
        if (!string.Equals(LowerHex.Encode(hash), tombstone.TombstoneHash, StringComparison.Ordinal))
        {
            return "tombstoneHash does not match the tombstone's contents";
        }

        return StrictBase64.TryDecode(tombstone.Signature, out var signature) && Signatures.Verify(SignatureAlgorithm.ED25519, key, hash, signature)
            ? null
            : "signature is not the register key's signature over the tombstoneHash";
    }

    /// <summary>
    /// The tombstone, the docket kept earlier (<paramref name="trusted"/>) and the consistency proof kept with it: all
    /// of one register and one key, the proof starting at the kept docket and ending at the tombstone's final docket.
    /// </summary>
    public static string? CheckAgainst(Tombstone tombstone, Docket trusted, ConsistencyProof proof)
    {
        if (Check(tombstone) is { } invalid)
        {
            return "tombstone: " + invalid;
        }

        var key = Convert.FromBase64String(tombstone.PublicKey);
        if (!string.Equals(trusted.RegisterId, tombstone.RegisterId, StringComparison.Ordinal))
        {
            return $"the kept docket is of register {trusted.RegisterId}, the tombstone of {tombstone.RegisterId}";
        }

        foreach (var (what, docket) in new[] { ("the kept docket", trusted), ("the proof's from", proof.From), ("the proof's to", proof.To) })
        {
            if (DocketChecks.CheckSealed(docket, key) is { } reason)
            {
                return $"{what} (docket {docket.Number}) {reason} (under the tombstone's key)";
            }
        }

        if (!string.Equals(proof.From.DocketHash, trusted.DocketHash, StringComparison.Ordinal))
        {
            return $"the proof starts at docket {proof.From.Number}, not at the kept docket {trusted.Number}";
        }

        if (!string.Equals(proof.To.DocketHash, tombstone.FinalDocketHash, StringComparison.Ordinal)
            || proof.To.TreeSize != tombstone.TreeSize || !string.Equals(proof.To.TreeRoot, tombstone.TreeRoot, StringComparison.Ordinal))
        {
            return $"the proof ends at docket {proof.To.Number}, not at the tombstone's final docket {tombstone.FinalDocket}";
        }

        return ConsistencyProofs.Verify(proof) ? null : "the consistency proof does not lead from the kept docket to the final docket";
    }
}
