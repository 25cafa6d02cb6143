using Sorcha.Contracts.Transactions;

namespace Sorcha.Client;

/// <summary><c>/api/transactions</c>: the write path into registers (idempotent by txId).</summary>
public sealed class TransactionsClient
{
    private const string Root = "api/transactions";
    private readonly ApiTransport _transport;

    internal TransactionsClient(ApiTransport transport) => _transport = transport;

    /// <summary>
    /// Commits a signed transaction. 422 for a bad signature, an address/key mismatch or an unknown register; 503 when
    /// the store did not acknowledge (resubmitting the same transaction is safe).
    /// </summary>
    public async Task<SubmittedTransaction> SubmitAsync(TransactionDocument transaction, CancellationToken cancellationToken = default)
    {
        var (committed, created) = await _transport.SendForCreatedAsync(HttpMethod.Post, Root, transaction, Json.TransactionDocument,
            Json.CommittedTransactionDocument, cancellationToken).ConfigureAwait(false);
        return new SubmittedTransaction(committed, created);
    }

    /// <summary>1 to 1,000 transactions in one request; each item gets its own result (a failing item does not throw).</summary>
    public async Task<IReadOnlyList<SubmittedBatchItem>> SubmitBatchAsync(IEnumerable<TransactionDocument> transactions,
        CancellationToken cancellationToken = default) =>
        (await _transport.SendAsync(HttpMethod.Post, Root + "/batch", new BatchDocument([.. transactions]), Json.BatchDocument,
            Json.SubmittedBatch, cancellationToken).ConfigureAwait(false)).Results;

    public Task<TransactionLocation> GetAsync(string txId, CancellationToken cancellationToken = default) =>
        _transport.GetAsync($"{Root}/{ApiTransport.Escape(txId)}", Json.TransactionLocation, cancellationToken);

    public Task<TransactionLimits> GetLimitsAsync(CancellationToken cancellationToken = default) =>
        _transport.GetAsync(Root, Json.TransactionLimits, cancellationToken);

    private static SorchaJsonContext Json => SorchaJsonContext.Default;
}
