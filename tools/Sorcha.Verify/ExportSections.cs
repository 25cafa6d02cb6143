using Sorcha.Ledger.Export;

namespace Sorcha.Verify;

/// <summary>
/// Finds where an export's docket lines begin by reading it backwards from the end. Dockets are about 1% of an
/// export, so this touches little of the file, and it lets transactions and dockets be streamed side by side: the
/// verifier can then release each docket's txIds as it goes instead of holding every txId until the dockets arrive.
/// </summary>
public static class ExportSections
{
    public static async Task<long> FindDocketStartAsync(string path, CancellationToken cancellationToken)
    {
        await using var file = File.OpenRead(path);
        var length = file.Length;
        for (var tail = Math.Min(length, 1L << 20); ; tail = Math.Min(length, tail * 2))
        {
            var buffer = new byte[tail];
            file.Position = length - tail;
            await file.ReadExactlyAsync(buffer, cancellationToken);
            if (FindInTail(buffer, wholeFile: tail == length) is { } offsetInTail)
            {
                return length - tail + offsetInTail;
            }

            if (tail == length)
            {
                return length;
            }
        }
    }

    /// <summary>The offset just after the last non-docket line, or null when every complete line seen is a docket.</summary>
    private static long? FindInTail(byte[] buffer, bool wholeFile)
    {
        var end = buffer.Length;
        while (end > 0)
        {
            var newline = Array.LastIndexOf(buffer, (byte)'\n', end - 1, end);
            if (newline < 0 && !wholeFile)
            {
                return null; // the first line in the buffer may be cut; read a longer tail
            }

            var start = newline + 1;
            var line = buffer.AsSpan(start, end - start).Trim(" \t\r"u8);
            if (!line.IsEmpty && !ExportLine.IsDocket(line))
            {
                return end;
            }

            end = newline < 0 ? 0 : newline;
        }

        return wholeFile ? 0 : null;
    }
}
