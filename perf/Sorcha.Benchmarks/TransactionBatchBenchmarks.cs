using System.Text;
using System.Text.Json;
using BenchmarkDotNet.Attributes;
using Sorcha.Cryptography;
using Sorcha.Ledger.Transactions;

namespace Sorcha.Benchmarks;

/// <summary>
/// The Transaction service's batch stage before the commit: parse a 1,000-item body and check every item (address and
/// signature) in parallel, as SubmissionPipeline does; the mean is per transaction. The single-item rows show where it goes.
/// </summary>
[MemoryDiagnoser]
public class TransactionBatchBenchmarks
{
    public const int BatchSize = 1000;

    private byte[] _body = null!;
    private ParsedTransaction _parsed = null!;

    [GlobalSetup]
    public void Setup()
    {
        var register = SyntheticRegister.Build(BatchSize);
        _body = Encoding.UTF8.GetBytes($"{{\"transactions\":[{string.Join(",", register.Submissions.Select(Encoding.UTF8.GetString))}]}}");
        _parsed = TransactionParser.TryParse(register.Submissions[0], out var parsed, out _) ? parsed : throw new InvalidOperationException();
        if (ParseAndVerifyBatch() != BatchSize)
        {
            throw new InvalidOperationException("the synthetic batch does not verify");
        }
    }

    [Benchmark(OperationsPerInvoke = BatchSize)]
    public int ParseAndVerifyBatch() => CheckBatch(_body);

    /// <summary>The Transaction service's check of a batch body (parse, then every item's address and signature in parallel); also used by CpuTimeProbe.</summary>
    public static int CheckBatch(byte[] body)
    {
        using var document = JsonDocument.Parse(body);
        var items = document.RootElement.GetProperty("transactions").EnumerateArray().ToArray();
        var accepted = 0;
        Parallel.For(0, items.Length, i =>
        {
            if (TransactionParser.TryParse(items[i], out var transaction, out _) && TransactionChecks.Verify(transaction) is null)
            {
                Interlocked.Increment(ref accepted);
            }
        });
        return accepted;
    }

    [Benchmark]
    public bool ParseOne() => TransactionParser.TryParse(_parsed.RawJson, out _, out _);

    [Benchmark]
    public string? ChecksOne() => TransactionChecks.Verify(_parsed);

    [Benchmark]
    public bool SignatureOnly() => Signatures.Verify(_parsed.Algorithm, _parsed.PublicKey.Span, _parsed.TxIdBytes.Span, _parsed.Signature.Span);
}
