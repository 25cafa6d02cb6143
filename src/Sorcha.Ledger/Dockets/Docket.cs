using System.Text.Json.Serialization;

namespace Sorcha.Ledger.Dockets;

/// <summary>
/// A sealed block of consecutive sequences, exactly the contract's JSON. <see cref="SealedAt"/> is kept as the string
/// that was hashed (see <see cref="Formats.LedgerTime"/>), never re-formatted, so the docketHash always recomputes.
/// <see cref="TreeSize"/> and <see cref="TreeRoot"/> (the RFC 9162 root over every txId 0..lastSequence of the
/// register) are absent only from dockets sealed before register trees existed, whose docketHash covers the other
/// seven fields; a docket that has them is hashed over all nine (see <see cref="DocketHasher"/>).
/// </summary>
public sealed record Docket(
    string RegisterId,
    long Number,
    long FirstSequence,
    long LastSequence,
    string MerkleRoot,
    string PreviousDocketHash,
    string SealedAt,
    string DocketHash,
    string Signature,
    [property: JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)] long? TreeSize = null,
    [property: JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)] string? TreeRoot = null)
{
    [JsonIgnore]
    public long TransactionCount => LastSequence - FirstSequence + 1;

    /// <summary>True when the docket carries the register tree (treeSize and treeRoot): it can anchor consistency proofs.</summary>
    [JsonIgnore]
    public bool HasTree => TreeSize is not null || TreeRoot is not null;
}
