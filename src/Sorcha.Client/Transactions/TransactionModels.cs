using System.Text.Json;
using System.Text.Json.Serialization;
using Sorcha.Cryptography;

namespace Sorcha.Client;

/// <summary>
/// api.md's Transaction. <see cref="Timestamp"/> stays the string that was hashed; <see cref="Payload"/> is any JSON
/// value (JSON null included, so it is always written). Build and sign one with <see cref="TransactionSigner"/>.
/// </summary>
public record Transaction(
    string RegisterId,
    string Sender,
    SignatureAlgorithm Algorithm,
    byte[] PublicKey,
    [property: JsonIgnore(Condition = JsonIgnoreCondition.Never)] JsonElement Payload,
    TransactionMetadata? Metadata,
    string Timestamp,
    byte[]? Signature);

/// <summary>Optional metadata; absent members stay absent (the ledger refuses nulls here).</summary>
public sealed record TransactionMetadata(string? Type = null, string? BlueprintId = null, string? InstanceId = null, string? ActionId = null);

/// <summary>A transaction as the register holds it: everything submitted, plus where it sits in the chain.</summary>
public sealed record CommittedTransaction(
    string RegisterId,
    string Sender,
    SignatureAlgorithm Algorithm,
    byte[] PublicKey,
    JsonElement Payload,
    TransactionMetadata? Metadata,
    string Timestamp,
    byte[]? Signature,
    string TxId,
    long Sequence,
    string ChainHash,
    long? DocketNumber,
    string CommittedAt)
    : Transaction(RegisterId, Sender, Algorithm, PublicKey, Payload, Metadata, Timestamp, Signature);

/// <summary>The answer to a submission: <see cref="Created"/> is false when the same transaction was committed before (200).</summary>
public sealed record SubmittedTransaction(CommittedTransaction Transaction, bool Created);

public sealed record BatchRequest(IReadOnlyList<Transaction> Transactions);

/// <summary>Per-item results, in submission order.</summary>
public sealed record BatchResponse(IReadOnlyList<BatchItemResult> Results);

/// <summary>One batch item: the status a single POST would have had, and the committed transaction or the problem.</summary>
public sealed record BatchItemResult(int Status, CommittedTransaction? Transaction, ProblemDocument? Problem)
{
    public bool IsCommitted => Status is 200 or 201 && Transaction is not null;
}

/// <summary><c>GET /api/transactions/{txId}</c>: where a transaction was committed.</summary>
public sealed record TransactionLocation(string TxId, string RegisterId, long Sequence);

/// <summary><c>GET /api/transactions</c>: what a submission may weigh (bytes as sent) and how many a batch may hold.</summary>
public sealed record TransactionLimits(int MaxTransactionBytes, int MaxBatchSize, int MaxBatchBytes);
