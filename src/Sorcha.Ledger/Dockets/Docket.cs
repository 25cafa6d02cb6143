using System.Text.Json.Serialization;

namespace Sorcha.Ledger.Dockets;

/// <summary>
/// A sealed block of consecutive sequences, exactly the contract's JSON. <see cref="SealedAt"/> is kept as the string
/// that was hashed (see <see cref="Formats.LedgerTime"/>), never re-formatted, so the docketHash always recomputes.
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
    string Signature)
{
    [JsonIgnore]
    public long TransactionCount => LastSequence - FirstSequence + 1;
}
