using Sorcha.Ledger.Chain;
using Sorcha.Ledger.Transactions;

namespace Sorcha.Ledger.Verification;

/// <summary>
/// One transaction of a batch: the input, then what the parallel stage found. Everything that depends only on the
/// transaction itself (parsing, txId, address, signature) happens here; order-dependent checks happen afterwards.
/// </summary>
internal struct TransactionSlot
{
    public ReadOnlyMemory<byte> Json;
    public CommittedTransaction? Committed;
    public CommitInfo? Commit;
    public byte[]? TxId;
    public string? RegisterId;
    public string? Error;

    public void Evaluate()
    {
        var committed = Committed;
        if (committed is null && !CommittedTransactionReader.TryRead(Json.Span, out committed, out var readError))
        {
            Error = $"not a CommittedTransaction: {readError}";
            return;
        }

        Commit = committed.Commit;
        if (!TransactionParser.TryParse(committed.RawTransaction, out var parsed, out var errors))
        {
            Error = $"malformed transaction: {string.Join("; ", errors.Select(e => $"{e.Field} {e.Message}"))}";
            return;
        }

        if (!string.Equals(parsed.TxId, committed.Commit.TxId, StringComparison.Ordinal))
        {
            Error = $"txId {committed.Commit.TxId} is not the hash of the transaction (recomputed {parsed.TxId})";
            return;
        }

        Error = TransactionChecks.Verify(parsed);
        TxId = parsed.TxIdBytes.ToArray();
        RegisterId = parsed.RegisterId;
        Json = default;
        Committed = null;
    }
}
