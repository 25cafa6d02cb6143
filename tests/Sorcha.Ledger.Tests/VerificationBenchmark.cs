using System.Globalization;
using Sorcha.Ledger.Tests.TestData;
using Sorcha.Verify;
using Xunit.Abstractions;

namespace Sorcha.Ledger.Tests;

/// <summary>
/// Measures the offline verifier on a generated export. Off by default (it takes a while); run with
/// <c>SORCHA_LEDGER_BENCH=20000 dotnet test tests/Sorcha.Ledger.Tests -c Release --filter VerificationBenchmark --logger "console;verbosity=detailed"</c>.
/// </summary>
public sealed class VerificationBenchmark(ITestOutputHelper output)
{
    [Fact]
    public async Task Verify_export_microseconds_per_transaction()
    {
        if (!int.TryParse(Environment.GetEnvironmentVariable("SORCHA_LEDGER_BENCH"), CultureInfo.InvariantCulture, out var count))
        {
            return;
        }

        var register = RegisterFactory.Build(count, 100);
        var path = Path.Combine(Path.GetTempPath(), $"sorcha-bench-{Guid.NewGuid():N}.ndjson");
        try
        {
            await File.WriteAllBytesAsync(path, BuiltRegister.Export(register.TransactionLines(), register.Dockets));
            var report = new StringWriter();
            var code = await VerifyCommand.RunAsync([path, "--public-key", register.PublicKeyBase64], report, report);
            output.WriteLine(report.ToString());
            Assert.Equal(VerifyCommand.Valid, code);
        }
        finally
        {
            File.Delete(path);
        }
    }
}
