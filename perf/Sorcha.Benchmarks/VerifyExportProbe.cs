using System.Globalization;
using Sorcha.Verify;

namespace Sorcha.Benchmarks;

/// <summary>
/// The offline verifier as a user runs it (tools/Sorcha.Verify's command: arguments, verification, report) over a
/// generated export: <c>dotnet run -c Release --project perf/Sorcha.Benchmarks -- verify-export [transactions]</c>.
/// The report prints wall and CPU time per transaction. LedgerVerificationBenchmarks times the same verification
/// under BenchmarkDotNet; this is the one-shot reading of the whole command.
/// </summary>
internal static class VerifyExportProbe
{
    public static async Task<int> RunAsync(string[] args)
    {
        var count = args.Length > 1 ? int.Parse(args[1], CultureInfo.InvariantCulture) : 20_000;
        var register = SyntheticRegister.Build(count);
        var path = Path.Combine(Path.GetTempPath(), $"sorcha-bench-{Guid.NewGuid():N}.ndjson");
        try
        {
            await File.WriteAllBytesAsync(path, register.Export);
            var publicKey = Convert.ToBase64String(register.RegisterKey.PublicKey);
            return await VerifyCommand.RunAsync([path, "--public-key", publicKey], Console.Out, Console.Error);
        }
        finally
        {
            File.Delete(path);
        }
    }
}
