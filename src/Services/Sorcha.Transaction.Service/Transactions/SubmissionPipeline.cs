using System.Runtime.InteropServices;
using System.Text.Json;
using Sorcha.Ledger.Transactions;
using Sorcha.Registers.Store;
using Sorcha.Transaction.Service.Commit;

namespace Sorcha.Transaction.Service.Transactions;

/// <summary>
/// The one submission pipeline, for both routes: size → parse (400) → verify, then what it adds to the register's
/// indexes (422), across cores → write rights (403) → group commit (201, 200, unknown register 422, archived 409,
/// deleted 410, store 503). A
/// single POST is a batch of one; each item's result carries the status a single POST answers (<see cref="TransactionProblems"/>).
/// </summary>
internal static class SubmissionPipeline
{
    /// <returns>One result per item, in order, and what each item parsed to (for a 201's Location; null if refused before the commit).</returns>
    /// <param name="maxRecipients">Limits:Indexes:MaxRecipients, the distinct recipients one transaction may name.</param>
    public static async Task<(BatchItemResult[] Results, ParsedTransaction?[] Parsed)> RunAsync(JsonElement[] items,
        WriteRights rights, GroupCommitter commits, int maxRecipients)
    {
        var results = new BatchItemResult?[items.Length];
        var parsed = new ParsedTransaction?[items.Length];
        var indexes = new TransactionIndex?[items.Length];
        if (items.Length == 1)
        {
            results[0] = Check(items[0], maxRecipients, out parsed[0], out indexes[0]); // a single POST: nothing to spread over the cores
        }
        else
        {
            Parallel.For(0, items.Length, i => results[i] = Check(items[i], maxRecipients, out parsed[i], out indexes[i]));
        }

        for (var i = 0; i < items.Length; i++)
        {
            if (parsed[i] is { } transaction && await RefusedAsync(transaction, rights) is { } refused)
            {
                (results[i], parsed[i]) = (Failed(refused), null);
            }
        }

        var accepted = Enumerable.Range(0, items.Length).Where(i => parsed[i] is not null).ToArray();
        var tasks = commits.SubmitMany([.. accepted.Select(i => new IndexedTransaction(parsed[i]!, indexes[i]!))]);
        for (var k = 0; k < accepted.Length; k++)
        {
            results[accepted[k]] = await CommittedAsync(parsed[accepted[k]]!, tasks[k]);
        }

        return (results, parsed)!; // every result is set by now
    }

    private static BatchItemResult? Check(JsonElement item, int maxRecipients, out ParsedTransaction? transaction, out TransactionIndex? index)
    {
        transaction = null;
        index = null;
        if (JsonMarshal.GetRawUtf8Value(item).Length > TransactionsApi.MaxTransactionBytes)
        {
            return Failed(TransactionProblems.TooLarge);
        }

        if (!TransactionParser.TryParse(item, out var parsed, out var errors))
        {
            return Failed(TransactionProblems.Invalid(errors));
        }

        if (TransactionChecks.Verify(parsed) is { } reason)
        {
            return Failed(TransactionProblems.Rejected(reason));
        }

        // The recipients are read here, in .NET, so that the append script only writes; more than the limit would let one
        // transaction add unbounded index entries, and indexing only some would make the wallet filter miss it.
        var recipients = PayloadRecipients.Read(item.GetProperty(TransactionFields.Payload));
        if (recipients.Count > maxRecipients)
        {
            return Failed(TransactionProblems.TooManyRecipients(recipients.Count, maxRecipients));
        }

        (transaction, index) = (parsed, TransactionIndex.Of(parsed.Sender, parsed.Metadata, recipients));
        return null;
    }

    private static async Task<ItemProblem?> RefusedAsync(ParsedTransaction transaction, WriteRights rights)
    {
        try
        {
            return await rights.CheckAsync(transaction);
        }
        catch (Exception e) when (TransactionProblems.IsStoreFailure(e))
        {
            return TransactionProblems.Unavailable;
        }
    }

    private static async Task<BatchItemResult> CommittedAsync(ParsedTransaction transaction, Task<AppendedTransaction?> commit)
    {
        try
        {
            return await commit switch
            {
                null => Failed(TransactionProblems.UnknownRegister(transaction.RegisterId)),
                { Status: AppendStatus.Created } created => new BatchItemResult(StatusCodes.Status201Created, created.Transaction, null),
                { } existing => new BatchItemResult(StatusCodes.Status200OK, existing.Transaction, null),
            };
        }
        catch (RegisterClosedException e)
        {
            return Failed(e.Closure == RegisterClosure.Archived
                ? TransactionProblems.Archived(transaction.RegisterId)
                : TransactionProblems.Deleted(transaction.RegisterId));
        }
        catch (Exception e) when (TransactionProblems.IsStoreFailure(e))
        {
            return Failed(TransactionProblems.Unavailable);
        }
    }

    private static BatchItemResult Failed(ItemProblem problem) => new(problem.Status, null, problem);
}
