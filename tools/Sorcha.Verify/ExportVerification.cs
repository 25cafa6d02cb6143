using System.Runtime.CompilerServices;
using Sorcha.Ledger.Dockets;
using Sorcha.Ledger.Export;
using Sorcha.Ledger.Verification;

namespace Sorcha.Verify;

/// <summary>Streams an export file through a <see cref="RegisterVerifier"/>: transactions and dockets read side by side.</summary>
public static class ExportVerification
{
    public static async Task<(VerificationResult Result, VerificationStatistics Statistics)> RunAsync(
        string path, RegisterVerifierOptions options, CancellationToken cancellationToken)
    {
        var docketStart = await ExportSections.FindDocketStartAsync(path, cancellationToken);
        await using var transactionFile = OpenSequential(path);
        await using var docketFile = OpenSequential(path);
        docketFile.Position = docketStart;
        return await RegisterVerifier.VerifyAsync(
            NdjsonLines.ReadAsync(transactionFile, docketStart, cancellationToken),
            ReadDocketsAsync(docketFile, cancellationToken),
            options,
            cancellationToken);
    }

    private static FileStream OpenSequential(string path) =>
        new(path, FileMode.Open, FileAccess.Read, FileShare.Read, 1 << 16, FileOptions.SequentialScan | FileOptions.Asynchronous);

    private static async IAsyncEnumerable<Docket> ReadDocketsAsync(Stream stream, [EnumeratorCancellation] CancellationToken cancellationToken)
    {
        var count = 0;
        await foreach (var line in NdjsonLines.ReadAsync(stream, cancellationToken: cancellationToken))
        {
            count++;
            if (!ExportLine.TryReadDocket(line.Span, out var docket, out var error))
            {
                throw new ExportFormatException($"docket line {count} (counting from the first docket line): {error}");
            }

            yield return docket;
        }
    }
}
