using System.Security.Cryptography;
using System.Text.Json.Nodes;
using Sorcha.Cryptography;

namespace Sorcha.Ledger.Dockets;

/// <summary>
/// docketHash = SHA-256 of the RFC 8785 bytes of exactly <c>{ registerId, number, firstSequence, lastSequence,
/// merkleRoot, previousDocketHash, sealedAt, treeSize, treeRoot }</c>, every value as stored (numbers as JSON
/// numbers). Dockets sealed before register trees existed have neither tree field and keep their seven-field hash
/// (docs/api.md, "Register trees"): the format is told apart by the fields' presence, and a register never goes back
/// from nine to seven (the verifier refuses that).
/// </summary>
public static class DocketHasher
{
    /// <summary>Docket 0's <c>previousDocketHash</c>.</summary>
    public const string GenesisPreviousHash = "0000000000000000000000000000000000000000000000000000000000000000";

    public static byte[] Hash(Docket docket) => Hash(
        docket.RegisterId, docket.Number, docket.FirstSequence, docket.LastSequence,
        docket.MerkleRoot, docket.PreviousDocketHash, docket.SealedAt, docket.TreeSize, docket.TreeRoot);

    public static byte[] Hash(
        string registerId, long number, long firstSequence, long lastSequence,
        string merkleRoot, string previousDocketHash, string sealedAt, long? treeSize = null, string? treeRoot = null) =>
        SHA256.HashData(CanonicalHeader(registerId, number, firstSequence, lastSequence, merkleRoot, previousDocketHash, sealedAt,
            treeSize, treeRoot));

    /// <summary>The hashed bytes themselves, for anyone who wants to see what was signed.</summary>
    public static byte[] CanonicalHeader(
        string registerId, long number, long firstSequence, long lastSequence,
        string merkleRoot, string previousDocketHash, string sealedAt, long? treeSize = null, string? treeRoot = null)
    {
        var header = new JsonObject
        {
            ["registerId"] = registerId,
            ["number"] = number,
            ["firstSequence"] = firstSequence,
            ["lastSequence"] = lastSequence,
            ["merkleRoot"] = merkleRoot,
            ["previousDocketHash"] = previousDocketHash,
            ["sealedAt"] = sealedAt,
        };
        if (treeSize is not null || treeRoot is not null)
        {
            header["treeSize"] = treeSize;
            header["treeRoot"] = treeRoot;
        }

        return Jcs.Canonicalize(header);
    }
}
