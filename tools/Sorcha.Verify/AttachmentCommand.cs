using System.Globalization;
using System.Security.Cryptography;
using System.Text;
using System.Text.Json;
using Sorcha.Ledger.Chain;
using Sorcha.Ledger.Export;
using Sorcha.Ledger.Transactions;

namespace Sorcha.Verify;

/// <summary>
/// <c>sorcha-verify attachment export.ndjson txId index file</c>: is <c>file</c> (downloaded and decrypted) the file the
/// register says was sent? Finds the transaction in the export, recomputes its txId and checks its signature (so the
/// recorded hash is the one the sender signed), then compares the file's SHA-256 and size with
/// <c>payload.attachments[index]</c>. That the transaction is in an intact chain is the export check's job: run both.
/// Exit 0 the file matches, 1 it does not (or the transaction or attachment is missing or not authentic), 2 usage or I/O.
/// </summary>
public static class AttachmentCommand
{
    public const string Name = "attachment";

    public const string Usage = """
        usage: sorcha-verify attachment <export.ndjson> <txId> <index> <file>
          checks a downloaded, decrypted attachment against the SHA-256 and size its signed transaction records
          (payload.attachments[index]); exit codes: 0 match, 1 mismatch or not found, 2 usage or I/O error
        """;

    public static async Task<int> RunAsync(IReadOnlyList<string> args, TextWriter output, TextWriter errors,
        CancellationToken cancellationToken = default)
    {
        if (args.Count != 4 || !int.TryParse(args[2], NumberStyles.None, CultureInfo.InvariantCulture, out var index))
        {
            await errors.WriteLineAsync(Usage);
            return VerifyCommand.UsageOrIoError;
        }

        var (exportPath, txId, filePath) = (args[0], args[1], args[3]);
        try
        {
            var raw = await FindAsync(exportPath, txId, cancellationToken);
            if (raw is null)
            {
                await output.WriteLineAsync($"NOT FOUND: the export holds no transaction {txId}");
                return VerifyCommand.Invalid;
            }

            var parsed = TransactionParser.TryParse(raw.Value, out var p, out var parseErrors) ? p : null;
            var fault = parsed is null ? string.Join("; ", parseErrors.Select(e => $"{e.Field}: {e.Message}"))
                : parsed.TxId != txId ? $"its content hashes to {parsed.TxId}"
                : TransactionChecks.Verify(parsed);
            if (fault is not null)
            {
                await output.WriteLineAsync($"INVALID: transaction {txId} is not authentic ({fault})");
                return VerifyCommand.Invalid;
            }

            using var document = JsonDocument.Parse(raw.Value);
            if (!Recorded(document.RootElement, index, out var sha256, out var size, out var name))
            {
                await output.WriteLineAsync($"NOT FOUND: transaction {txId} records no attachment {index}");
                return VerifyCommand.Invalid;
            }

            await using var file = File.OpenRead(filePath);
            var actualSize = file.Length;
            var actual = Convert.ToHexStringLower(await SHA256.HashDataAsync(file, cancellationToken));
            if (actual != sha256 || actualSize != size)
            {
                await output.WriteLineAsync($"MISMATCH: {filePath} has SHA-256 {actual} ({actualSize} bytes); attachment {index} " +
                    $"('{name}') of {txId} was {sha256} ({size} bytes)");
                return VerifyCommand.Invalid;
            }

            await output.WriteLineAsync($"OK: {filePath} is attachment {index} ('{name}', {size} bytes, SHA-256 {sha256}) " +
                $"of {txId}, signed by {parsed!.Sender}");
            return VerifyCommand.Valid;
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException or JsonException)
        {
            await errors.WriteLineAsync($"error: {e.Message}");
            return VerifyCommand.UsageOrIoError;
        }
    }

    /// <summary>The submitted transaction (without commit fields) of the export line whose txId is <paramref name="txId"/>.</summary>
    private static async Task<ReadOnlyMemory<byte>?> FindAsync(string path, string txId, CancellationToken ct)
    {
        var needle = Encoding.UTF8.GetBytes(txId);
        await using var stream = File.OpenRead(path);
        await foreach (var line in NdjsonLines.ReadAsync(stream, cancellationToken: ct))
        {
            if (line.Span.IndexOf(needle) >= 0 && CommittedTransactionReader.TryRead(line.Span, out var committed, out _)
                && committed.Commit.TxId == txId)
            {
                return committed.RawTransaction;
            }
        }

        return null;
    }

    private static bool Recorded(JsonElement transaction, int index, out string? sha256, out long size, out string? name)
    {
        (sha256, size, name) = (null, -1, null);
        if (!transaction.TryGetProperty("payload", out var payload) || payload.ValueKind != JsonValueKind.Object
            || !payload.TryGetProperty("attachments", out var files) || files.ValueKind != JsonValueKind.Array
            || index >= files.GetArrayLength() || files[index] is not { ValueKind: JsonValueKind.Object } entry
            || !entry.TryGetProperty("sha256", out var hash) || hash.ValueKind != JsonValueKind.String
            || !entry.TryGetProperty("size", out var length) || !length.TryGetInt64(out size))
        {
            return false;
        }

        sha256 = hash.GetString();
        name = entry.TryGetProperty("name", out var n) && n.ValueKind == JsonValueKind.String ? n.GetString() : null;
        return true;
    }
}
