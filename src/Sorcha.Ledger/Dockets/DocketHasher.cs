using System.Security.Cryptography;
using System.Text.Json.Nodes;
using Sorcha.Cryptography;

namespace Sorcha.Ledger.Dockets;

/// <summary>
/// docketHash = SHA-256 of the RFC 8785 bytes of exactly <c>{ registerId, number, firstSequence, lastSequence,
/// merkleRoot, previousDocketHash, sealedAt }</c>, every value as stored (numbers as JSON numbers).
/// </summary>
public static class DocketHasher
{
    /// <summary>Docket 0's <c>previousDocketHash</c>.</summary>
    public const string GenesisPreviousHash = "0000000000000000000000000000000000000000000000000000000000000000";

    public static byte[] Hash(Docket docket) => Hash(
        docket.RegisterId, docket.Number, docket.FirstSequence, docket.LastSequence,
        docket.MerkleRoot, docket.PreviousDocketHash, docket.SealedAt);

    public static byte[] Hash(
        string registerId, long number, long firstSequence, long lastSequence,
        string merkleRoot, string previousDocketHash, string sealedAt) =>
        SHA256.HashData(CanonicalHeader(registerId, number, firstSequence, lastSequence, merkleRoot, previousDocketHash, sealedAt));

    /// <summary>The hashed bytes themselves, for anyone who wants to see what was signed.</summary>
    public static byte[] CanonicalHeader(
        string registerId, long number, long firstSequence, long lastSequence,
        string merkleRoot, string previousDocketHash, string sealedAt) =>
        Jcs.Canonicalize(new JsonObject
        {
            ["registerId"] = registerId,
            ["number"] = number,
            ["firstSequence"] = firstSequence,
            ["lastSequence"] = lastSequence,
            ["merkleRoot"] = merkleRoot,
            ["previousDocketHash"] = previousDocketHash,
            ["sealedAt"] = sealedAt,
        });
}
