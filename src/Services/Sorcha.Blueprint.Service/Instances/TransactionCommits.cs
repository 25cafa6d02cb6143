using Sorcha.ApiPlatform.Problems;
using Sorcha.Blueprint.Service.Platform;
using Sorcha.Client;
using Sorcha.Contracts.Transactions;

namespace Sorcha.Blueprint.Service.Instances;

/// <summary>A step's signed transaction into the Transaction service, and what its refusals mean for the caller.</summary>
public sealed class TransactionCommits(PlatformClients clients, ILogger<TransactionCommits> logger)
{
    /// <summary>
    /// Commits <paramref name="transaction"/> with this service's own token acting for <paramref name="caller"/> with the
    /// write right of <paramref name="writer"/> (the instance's creator). A lost answer (no connection or a timeout,
    /// i.e. a 503 from <see cref="UnansweredCallHandler"/>, or a 5xx) is retried once with the very same transaction:
    /// the Transaction service is idempotent by txId, so a commit that did happen answers 200 instead of appending
    /// twice. A 400/422 (a transaction it cannot read or accept) is the
    /// caller's 422 "Transaction refused", a 413 stays 413 (<see cref="RefusesTheBytes"/>), a 403 (the write right was
    /// revoked) stays 403, the register archived (409) or deleted (410) stays so; anything else is mapped by <see cref="DownstreamProblems"/>.
    /// </summary>
    public async Task<CommittedTransactionDocument> CommitAsync(TransactionDocument transaction, string txId, string caller, string writer,
        CancellationToken ct)
    {
        var transactions = clients.TransactionsActingFor(caller, writer);
        for (var attempt = 1; ; attempt++)
        {
            try
            {
                var committed = (await transactions.SubmitAsync(transaction, ct)).Transaction;
                return committed.TxId == txId
                    ? committed
                    : throw ProblemException.BadGateway("The Transaction service committed a txId other than the one computed here.");
            }
            catch (SorchaApiException e) when (e.Status is StatusCodes.Status400BadRequest or StatusCodes.Status422UnprocessableEntity)
            {
                throw new ProblemException(StatusCodes.Status422UnprocessableEntity, "Transaction refused", Refused(e), e);
            }
            catch (SorchaApiException e) when (e.Status is StatusCodes.Status409Conflict or StatusCodes.Status410Gone)
            {
                // The instance's register was archived (409) or deleted (410): the step cannot be recorded, ever.
                throw new ProblemException(e.Status, e.Status == StatusCodes.Status409Conflict ? "Register archived" : "Register deleted",
                    $"The instance's register takes no more transactions: {e.Detail ?? e.Title}", e);
            }
            catch (SorchaApiException e) when (e.Status is StatusCodes.Status413PayloadTooLarge or StatusCodes.Status403Forbidden)
            {
                throw new ProblemException(e.Status, e.Status == StatusCodes.Status403Forbidden ? "Forbidden" : "Payload too large",
                    Refused(e), e);
            }
            catch (Exception e) when (attempt == 1 && !ct.IsCancellationRequested
                && e is SorchaApiException { Status: >= 500 } or ProblemException { Status: StatusCodes.Status503ServiceUnavailable })
            {
                logger.LogWarning("Commit of {TxId} failed ({Reason}); retrying once", txId, e.Message);
            }
        }
    }

    /// <summary>
    /// True for a commit refused for what the transaction is (too large, unreadable, not authentic): every attempt sends
    /// the same bytes and gets the same answer, so no earlier attempt can have committed it.
    /// </summary>
    public static bool RefusesTheBytes(ProblemException e) =>
        e.Status is StatusCodes.Status413PayloadTooLarge or StatusCodes.Status422UnprocessableEntity;

    /// <summary>
    /// True for a commit refused because the register is closed. The append answers a txId committed before with that
    /// commit even on an archived register, so a refusal means no attempt of this transaction was ever written.
    /// </summary>
    public static bool RegisterClosed(ProblemException e) => e.Status is StatusCodes.Status409Conflict or StatusCodes.Status410Gone;

    /// <summary>Whether the Transaction service holds <paramref name="txId"/> (asked as the caller).</summary>
    public async Task<bool> IsCommittedAsync(string txId, CancellationToken ct)
    {
        try
        {
            await clients.Transactions.GetAsync(txId, ct);
            return true;
        }
        catch (SorchaApiException e) when (e.Status == StatusCodes.Status404NotFound)
        {
            return false;
        }
    }

    private static string Refused(SorchaApiException e) =>
        $"The Transaction service refused the action's transaction: {e.Detail ?? e.Title ?? e.Status.ToString(System.Globalization.CultureInfo.InvariantCulture)}";
}
