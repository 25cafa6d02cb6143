using Sorcha.Ledger.Chain;
using Sorcha.Ledger.Dockets;

namespace Sorcha.Ledger.Verification;

public sealed partial class RegisterVerifier
{
    /// <summary>
    /// Verifies from two independent streams (e.g. two cursors over a store), pulling each docket as soon as its
    /// transactions have been handed in so that covered txIds are released and memory stays flat.
    /// </summary>
    public static Task<(VerificationResult Result, VerificationStatistics Statistics)> VerifyAsync(
        IAsyncEnumerable<CommittedTransaction> transactions, IAsyncEnumerable<Docket> dockets,
        RegisterVerifierOptions options, CancellationToken cancellationToken = default) =>
        VerifyAsync(transactions, (verifier, transaction) => verifier.AddTransaction(transaction), dockets, options, cancellationToken);

    /// <summary>As above, with transactions as <c>CommittedTransaction</c> JSON (one buffer per transaction).</summary>
    public static Task<(VerificationResult Result, VerificationStatistics Statistics)> VerifyAsync(
        IAsyncEnumerable<ReadOnlyMemory<byte>> transactions, IAsyncEnumerable<Docket> dockets,
        RegisterVerifierOptions options, CancellationToken cancellationToken = default) =>
        VerifyAsync(transactions, (verifier, json) => verifier.AddTransaction(json), dockets, options, cancellationToken);

    private static async Task<(VerificationResult, VerificationStatistics)> VerifyAsync<T>(
        IAsyncEnumerable<T> transactions, Action<RegisterVerifier, T> add, IAsyncEnumerable<Docket> dockets,
        RegisterVerifierOptions options, CancellationToken cancellationToken)
    {
        // The token goes to the verifier as well: an enumerator may ignore it, and a batch holds seconds of signature checks.
        var verifier = new RegisterVerifier(options, cancellationToken);
        await using var docketCursor = dockets.GetAsyncEnumerator(cancellationToken);
        var nextDocket = await docketCursor.MoveNextAsync() ? docketCursor.Current : null;
        await foreach (var transaction in transactions.WithCancellation(cancellationToken))
        {
            cancellationToken.ThrowIfCancellationRequested();
            add(verifier, transaction);
            while (nextDocket is not null && nextDocket.LastSequence < verifier.TransactionsReceived)
            {
                verifier.AddDocket(nextDocket);
                nextDocket = await docketCursor.MoveNextAsync() ? docketCursor.Current : null;
            }
        }

        while (nextDocket is not null)
        {
            verifier.AddDocket(nextDocket);
            nextDocket = await docketCursor.MoveNextAsync() ? docketCursor.Current : null;
        }

        return (verifier.Complete(), verifier.Statistics);
    }
}
