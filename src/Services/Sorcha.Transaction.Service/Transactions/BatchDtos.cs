using System.Text.Json.Serialization;
using Sorcha.Registers.Store;

namespace Sorcha.Transaction.Service.Transactions;

// The batch answer stays here, not in Sorcha.Contracts: each item carries the committed transaction as the register
// holds it (Registers.Store's StoredTransaction, written byte for byte), which the contract library cannot reference.
// Sorcha.Client reads the same JSON typed (SubmittedBatch, SubmittedBatchItem).

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
