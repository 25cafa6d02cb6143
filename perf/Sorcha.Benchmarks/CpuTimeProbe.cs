using System.Diagnostics;
using System.Globalization;
using System.Security.Cryptography;
using System.Text;
using System.Text.Json;
using Sorcha.Cryptography;
using Sorcha.Ledger.Chain;
using Sorcha.Ledger.Transactions;
using Sorcha.Ledger.Verification;
using Sorcha.Verify;

namespace Sorcha.Benchmarks;

/// <summary>
/// Per-operation thread CPU time on a shared machine (see <see cref="ThreadCpu"/>):
/// <c>-- cpu-crypto</c> (Ed25519 and X25519 through NSec, P-256 signing before and after) and
/// <c>-- cpu-ledger [transactions]</c> (offline verification and the batch stage: wall and process CPU per
/// transaction, and where one transaction's CPU goes).
/// </summary>
internal static class CpuTimeProbe
{
    public static int Crypto()
    {
        var seed = RandomNumberGenerator.GetBytes(32);
        var message = RandomNumberGenerator.GetBytes(32);
        var publicKey = Signatures.PublicKeyFromPrivate(SignatureAlgorithm.ED25519, seed);
        var signature = Signatures.Sign(SignatureAlgorithm.ED25519, seed, message);
        var shared = new byte[32];
        var x25519 = RandomNumberGenerator.GetBytes(32);
        var peer = X25519Keys.PublicKey(RandomNumberGenerator.GetBytes(32));
        var p256 = Signatures.Generate(SignatureAlgorithm.NISTP256);
        var rows = new List<(string, Action, int)>
        {
            ("Signatures.Sign ED25519 (NSec: seed imported, key derived, signed)", () => Signatures.Sign(SignatureAlgorithm.ED25519, seed, message), 4000),
            ("Signatures.Verify ED25519 (NSec)", () => Signatures.Verify(SignatureAlgorithm.ED25519, publicKey, message, signature), 3000),
            ("X25519Keys.TrySharedSecret (NSec)", () => X25519Keys.TrySharedSecret(x25519, peer, shared), 3000),
            ("X25519Keys.PublicKey (NSec)", () => X25519Keys.PublicKey(x25519), 3000),
            ("P-256 sign before (BouncyCastle Q, import d and Q)", () => SignP256WithDerivedQ(p256.PrivateKey, message), 300),
            ("P-256 sign (Signatures.Sign: import d only)", () => Signatures.Sign(SignatureAlgorithm.NISTP256, p256.PrivateKey, message), 300),
        };

        foreach (var (name, operation, count) in rows)
        {
            var microseconds = ThreadCpu.MicrosecondsPerCall(operation, count);
            var allocated = GC.GetAllocatedBytesForCurrentThread();
            operation();
            allocated = GC.GetAllocatedBytesForCurrentThread() - allocated;
            Console.WriteLine(string.Create(CultureInfo.InvariantCulture,
                $"| {name} | {microseconds:F1} µs | {1e6 / microseconds:N0}/s | {allocated:N0} B |"));
        }

        return 0;
    }

    public static async Task<int> LedgerAsync(int count)
    {
        var stopwatch = Stopwatch.StartNew();
        var register = SyntheticRegister.Build(count);
        Console.WriteLine($"built {count} transactions in {stopwatch.Elapsed.TotalSeconds:F1} s (not timed below)");
        var path = Path.Combine(Path.GetTempPath(), $"sorcha-cpu-ledger-{Guid.NewGuid():N}.ndjson");
        await File.WriteAllBytesAsync(path, register.Export);
        try
        {
            foreach (var parallelism in new[] { 1, Environment.ProcessorCount })
            {
                for (var round = 0; round < 3; round++)
                {
                    var (wall, cpu, result) = await Measure(() => ExportVerification.RunAsync(path,
                        new RegisterVerifierOptions { RegisterPublicKey = register.RegisterKey.PublicKey, MaxDegreeOfParallelism = parallelism },
                        CancellationToken.None));
                    Console.WriteLine(string.Create(CultureInfo.InvariantCulture,
                        $"verify export, {parallelism} worker(s): {(result.Result.Valid ? "valid" : "INVALID")}, wall {wall / count:F1} µs/tx, process CPU {cpu / count:F1} µs/tx, load {Load()}"));
                }
            }
        }
        finally
        {
            File.Delete(path);
        }

        var batch = register.Submissions.Take(1000).ToArray();
        var body = Encoding.UTF8.GetBytes($"{{\"transactions\":[{string.Join(",", batch.Select(Encoding.UTF8.GetString))}]}}");
        for (var round = 0; round < 5; round++)
        {
            var (wall, cpu, accepted) = await Measure(() => Task.FromResult(TransactionBatchBenchmarks.CheckBatch(body)));
            Console.WriteLine(string.Create(CultureInfo.InvariantCulture,
                $"batch stage, {batch.Length} items: {accepted} accepted, wall {wall / 1000:F1} ms ({batch.Length / (wall / 1e6):N0} tx/s), process CPU {cpu / batch.Length:F1} µs/tx, load {Load()}"));
        }

        var line = register.Export.AsSpan(0, Array.IndexOf(register.Export, (byte)'\n')).ToArray();
        var one = TransactionParser.TryParse(register.Submissions[0], out var parsed, out _) ? parsed : throw new InvalidOperationException();
        foreach (var (name, operation) in new (string, Action)[]
        {
            ("CommittedTransactionReader.TryRead (export line)", () => _ = CommittedTransactionReader.TryRead(line, out _, out _)),
            ("TransactionParser.TryParse (JSON, fields, JCS txId)", () => _ = TransactionParser.TryParse(register.Submissions[0], out _, out _)),
            ("Addresses.Matches", () => Addresses.Matches(one.Sender, one.Algorithm, one.PublicKey.Span)),
            ("Signatures.Verify", () => Signatures.Verify(one.Algorithm, one.PublicKey.Span, one.TxIdBytes.Span, one.Signature.Span)),
            ("ChainHash.Next", () => ChainHash.Next(one.TxIdBytes.Span, one.TxIdBytes.Span)),
        })
        {
            var allocated = GC.GetAllocatedBytesForCurrentThread();
            operation();
            allocated = GC.GetAllocatedBytesForCurrentThread() - allocated;
            Console.WriteLine(string.Create(CultureInfo.InvariantCulture,
                $"| {name} | {ThreadCpu.MicrosecondsPerCall(operation, 2000):F1} µs | {allocated:N0} B |"));
        }

        return 0;
    }

    private static async Task<(double WallMicroseconds, double CpuMicroseconds, T Result)> Measure<T>(Func<Task<T>> run)
    {
        using var process = Process.GetCurrentProcess();
        var cpu = process.TotalProcessorTime;
        var stopwatch = Stopwatch.StartNew();
        var result = await run();
        var wall = stopwatch.Elapsed.TotalMicroseconds;
        process.Refresh();
        return (wall, (process.TotalProcessorTime - cpu).TotalMicroseconds, result);
    }

    private static string Load() => File.Exists("/proc/loadavg") ? File.ReadAllText("/proc/loadavg").Split(' ')[0] : "?";

    private static byte[] SignP256WithDerivedQ(byte[] privateKey, byte[] message)
    {
        var parameters = P256Signing.PrivateParameters(privateKey);
        using var ecdsa = ECDsa.Create(parameters);
        CryptographicOperations.ZeroMemory(parameters.D);
        return ecdsa.SignData(message, HashAlgorithmName.SHA256, DSASignatureFormat.IeeeP1363FixedFieldConcatenation);
    }
}
