using Sorcha.Contracts.Transactions;

namespace Sorcha.Client;

// Typed reads of answers the services write from JSON they hold (stored bytes, the wallet's signed object) rather than
// from a record: the wire types are Sorcha.Contracts' and the services' (docs/clients.md, "One definition per wire type").

/// <summary>The answer to a submission: <see cref="Created"/> is false when the same transaction was committed before (200).</summary>
public sealed record SubmittedTransaction(CommittedTransactionDocument Transaction, bool Created);

/// <summary><c>POST /api/transactions/batch</c>'s answer (the <c>BatchResponse</c> schema): per-item results, in submission order.</summary>
public sealed record SubmittedBatch(IReadOnlyList<SubmittedBatchItem> Results);

/// <summary>
/// One batch item (the <c>BatchItemResult</c> schema): the status a single POST would have had, and the committed
/// transaction or the problem.
/// </summary>
public sealed record SubmittedBatchItem(int Status, CommittedTransactionDocument? Transaction, ProblemDocument? Problem)
{
    public bool IsCommitted => Status is 200 or 201 && Transaction is not null;
}

/// <summary>
/// <c>POST /api/wallets/{address}/transactions</c>'s answer (the <c>PreparedTransactionResponse</c> schema), read typed:
/// a transaction the wallet built, sealed and signed; submit <see cref="Transaction"/> as it is.
/// </summary>
public sealed record PreparedTransaction(string TxId, TransactionDocument Transaction);
