using Sorcha.Cryptography;
using Sorcha.Ledger.Dockets;
using Sorcha.Ledger.Formats;

namespace Sorcha.Ledger.Tombstones;

/// <summary>Builds and signs the tombstone of a register whose last docket is <paramref name="finalDocket"/> (null: none was sealed).</summary>
public static class TombstoneSigner
{
    public static Tombstone Sign(string registerId, byte[] publicKey, Docket? finalDocket, DateTimeOffset deletedAt, string deletedBy,
        ReadOnlySpan<byte> signingKey)
    {
        var key = Convert.ToBase64String(publicKey);
        var at = LedgerTime.Format(deletedAt);
        var (number, head, size, root) = finalDocket is null
            ? ((long?)null, DocketHasher.GenesisPreviousHash, 0L, (string?)null)
            : (finalDocket.Number, finalDocket.DocketHash, finalDocket.LastSequence + 1, finalDocket.TreeRoot);
        var hash = TombstoneHasher.Hash(registerId, key, number, head, size, root, at, deletedBy);
        var signature = Signatures.Sign(SignatureAlgorithm.ED25519, signingKey, hash);
        return new Tombstone(registerId, key, number, head, size, root, at, deletedBy, LowerHex.Encode(hash), Convert.ToBase64String(signature));
    }
}
