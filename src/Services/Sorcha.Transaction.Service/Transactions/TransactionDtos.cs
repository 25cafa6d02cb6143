using System.Text.Json.Serialization;
using Sorcha.Registers.Store;

namespace Sorcha.Transaction.Service.Transactions;

/// <summary>
/// api.md's Transaction, for the OpenAPI document only: submissions are parsed from their exact bytes (Sorcha.Ledger),
/// never bound to this record, because the txId is computed over what was sent.
/// </summary>
public sealed record TransactionDocument(
    string RegisterId,
    string Sender,
    string Algorithm,
    string PublicKey,
    System.Text.Json.JsonElement Payload,
    [property: JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)] TransactionMetadataDocument? Metadata,
    string Timestamp,
    string Signature);

/// <summary>Every member optional (a plain data transaction sends only <c>type</c>), kept exactly as sent, null included.</summary>
public sealed record TransactionMetadataDocument(string? Type = null, string? BlueprintId = null, string? InstanceId = null,
    string? ActionId = null);

/// <summary>POST /api/transactions/batch, for the OpenAPI document only.</summary>
public sealed record BatchDocument(IReadOnlyList<TransactionDocument> Transactions);

/// <summary>GET /api/transactions/{txId}: where a transaction was committed.</summary>
public sealed record TransactionLocation(string TxId, string RegisterId, long Sequence);

/// <summary>GET /api/transactions: what a submission may weigh (bytes as sent) and how many a batch may hold.</summary>
public sealed record TransactionLimits(int MaxTransactionBytes, int MaxBatchSize, int MaxBatchBytes);

/// <summary>The batch answer: one result per submitted transaction, in the order submitted.</summary>
public sealed record BatchResponse(IReadOnlyList<BatchItemResult> Results);

/// <summary>
/// One batch item: <see cref="Status"/> is what a single POST of the same transaction would have answered;
/// <see cref="Transaction"/> (the <c>CommittedTransaction</c>) on 200/201, <see cref="Problem"/> (RFC 9457) otherwise.
/// </summary>
public sealed record BatchItemResult(
    int Status,
    [property: JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)] StoredTransaction? Transaction,
    [property: JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)] ItemProblem? Problem);

/// <summary>A problem document inside a batch result (same members as a top-level one).</summary>
public sealed record ItemProblem(
    string Type,
    string Title,
    int Status,
    [property: JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)] string? Detail,
    [property: JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)] IDictionary<string, string[]>? Errors);
