using BenchmarkDotNet.Attributes;
using Sorcha.Ledger.Verification;
using Sorcha.Verify;

namespace Sorcha.Benchmarks;

/// <summary>
/// Offline verification (tools/Sorcha.Verify's path) of a 10,000-transaction export file made in setup; the mean is
/// per transaction (wall time), with 1 worker and with one per core.
/// </summary>
[MemoryDiagnoser]
public class LedgerVerificationBenchmarks
{
    public const int Transactions = 10_000;

    private SyntheticRegister _register = null!;
    private string _path = null!;

    [Params(1, 2)]
    public int Parallelism { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        _register = SyntheticRegister.Build(Transactions);
        _path = Path.Combine(Path.GetTempPath(), $"sorcha-bench-{Guid.NewGuid():N}.ndjson");
        File.WriteAllBytes(_path, _register.Export);
        var (result, _) = Run().GetAwaiter().GetResult();
        if (!result.Valid || result.CheckedTransactions != Transactions)
        {
            throw new InvalidOperationException($"the synthetic register does not verify: {result.Reason}");
        }
    }

    [GlobalCleanup]
    public void Cleanup() => File.Delete(_path);

    [Benchmark(OperationsPerInvoke = Transactions)]
    public async Task<bool> VerifyExportPerTransaction() => (await Run()).Result.Valid;

    private Task<(VerificationResult Result, VerificationStatistics Statistics)> Run() =>
        ExportVerification.RunAsync(_path, new RegisterVerifierOptions
        {
            RegisterPublicKey = _register.RegisterKey.PublicKey,
            MaxDegreeOfParallelism = Parallelism,
        }, CancellationToken.None);
}
