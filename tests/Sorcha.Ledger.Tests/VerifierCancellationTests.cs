using Sorcha.Ledger.Tests.TestData;
using Sorcha.Ledger.Verification;

namespace Sorcha.Ledger.Tests;

/// <summary>A verify whose client went away stops (docs/limits.md, "Fan-out"), whatever its source does with the token.</summary>
public class VerifierCancellationTests
{
    private static readonly BuiltRegister Register = RegisterFactory.Default;

    [Fact]
    public async Task Cancelling_stops_the_streaming_verify_at_the_next_transaction()
    {
        using var gone = new CancellationTokenSource();
        var handedOut = 0;

        // Like a source that ignores the token: only the verifier can notice it.
        async IAsyncEnumerable<ReadOnlyMemory<byte>> Lines()
        {
            foreach (var line in Register.TransactionLines())
            {
                if (++handedOut == 100)
                {
                    await gone.CancelAsync();
                }

                yield return line;
            }
        }

        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => RegisterVerifier.VerifyAsync(
            Lines(), Register.DocketList().ToAsyncEnumerable(), VerifierRuns.Options(Register, batchSize: 16), gone.Token));
        Assert.Equal(100, handedOut);
    }

    [Fact]
    public void A_cancelled_verifier_checks_no_further_batch()
    {
        using var gone = new CancellationTokenSource();
        var verifier = new RegisterVerifier(VerifierRuns.Options(Register, batchSize: 16) with { MaxDegreeOfParallelism = 2 }, gone.Token);
        var lines = Register.TransactionLines();
        foreach (var line in lines.Take(32))
        {
            verifier.AddTransaction(line);
        }

        var checkedBefore = verifier.Statistics.Transactions;
        gone.Cancel();
        Assert.ThrowsAny<OperationCanceledException>(() =>
        {
            foreach (var line in lines.Skip(32).Take(16))
            {
                verifier.AddTransaction(line);
            }
        });
        Assert.Equal(checkedBefore, verifier.Statistics.Transactions);
    }
}
