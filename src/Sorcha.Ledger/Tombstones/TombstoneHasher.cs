using System.Security.Cryptography;
using System.Text.Json.Nodes;
using Sorcha.Cryptography;

namespace Sorcha.Ledger.Tombstones;

/// <summary>
/// tombstoneHash = SHA-256 of the RFC 8785 bytes of exactly <c>{ registerId, publicKey, finalDocket, finalDocketHash,
/// treeSize, treeRoot, deletedAt, deletedBy }</c> (absent values as JSON null), as docketHash is made from a docket.
/// </summary>
public static class TombstoneHasher
{
    public static byte[] Hash(Tombstone t) => Hash(t.RegisterId, t.PublicKey, t.FinalDocket, t.FinalDocketHash, t.TreeSize, t.TreeRoot,
        t.DeletedAt, t.DeletedBy);

    public static byte[] Hash(string registerId, string publicKey, long? finalDocket, string finalDocketHash, long treeSize,
        string? treeRoot, string deletedAt, string deletedBy) =>
        SHA256.HashData(Jcs.Canonicalize(new JsonObject
        {
            ["registerId"] = registerId,
            ["publicKey"] = publicKey,
            ["finalDocket"] = finalDocket,
            ["finalDocketHash"] = finalDocketHash,
            ["treeSize"] = treeSize,
            ["treeRoot"] = treeRoot,
            ["deletedAt"] = deletedAt,
            ["deletedBy"] = deletedBy,
        }));
}
