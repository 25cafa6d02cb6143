using Sorcha.Ledger.Dockets;
using Sorcha.Ledger.Verification;

namespace Sorcha.Ledger.Tests.TestData;

/// <summary>Runs the verifier the two ways it is fed: export order (all transactions, then dockets) and interleaved.</summary>
internal static class VerifierRuns
{
    public static RegisterVerifierOptions Options(BuiltRegister register, int batchSize = 4096) => new()
    {
        RegisterPublicKey = register.Key.PublicKey,
        BatchSize = batchSize,
    };

    public static VerificationResult ExportOrder(IEnumerable<byte[]> lines, IEnumerable<Docket> dockets, RegisterVerifierOptions options)
    {
        var verifier = new RegisterVerifier(options);
        foreach (var line in lines)
        {
            verifier.AddTransaction(line);
        }

        foreach (var docket in dockets)
        {
            verifier.AddDocket(docket);
        }

        return verifier.Complete();
    }

    public static VerificationResult Interleaved(IEnumerable<byte[]> lines, IEnumerable<Docket> dockets, RegisterVerifierOptions options) =>
        RegisterVerifier.VerifyAsync(
            lines.Select(l => (ReadOnlyMemory<byte>)l).ToAsyncEnumerable(), dockets.ToAsyncEnumerable(), options)
            .GetAwaiter().GetResult().Result;

    /// <summary>Both feeds, several batch sizes and worker counts must give the same answer; returns it.</summary>
    public static VerificationResult All(BuiltRegister register, List<byte[]> lines, List<Docket> dockets)
    {
        var results = new[]
        {
            ExportOrder(lines, dockets, Options(register)),
            ExportOrder(lines, dockets, Options(register, batchSize: 7)),
            ExportOrder(lines, dockets, Options(register, batchSize: 7) with { MaxDegreeOfParallelism = 1 }),
            Interleaved(lines, dockets, Options(register, batchSize: 5) with { MaxDegreeOfParallelism = 3 }),
            Interleaved(lines, dockets, Options(register, batchSize: 64)),
        };
        Assert.All(results, r => Assert.Equal(results[0], r));
        return results[0];
    }
}
