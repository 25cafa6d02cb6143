using System.Buffers;
using System.Text.Encodings.Web;
using System.Text.Json;
using Sorcha.Ledger.Chain;
using Sorcha.Ledger.Dockets;

namespace Sorcha.Ledger.Export;

/// <summary>
/// Writes the export's NDJSON lines: every <c>CommittedTransaction</c> in sequence order, then every <c>Docket</c> in
/// number order, one compact object per line. Targets an <see cref="IBufferWriter{T}"/> such as a response's PipeWriter.
/// </summary>
public static class RegisterExportWriter
{
    // The export is never embedded in HTML, so base64 '+' and non-ASCII text need not be \u-escaped.
    private static readonly JsonWriterOptions WriterOptions = new() { Encoder = JavaScriptEncoder.UnsafeRelaxedJsonEscaping };

    public static void WriteTransaction(IBufferWriter<byte> output, CommittedTransaction transaction)
    {
        var raw = transaction.RawTransaction.Span;
        var span = output.GetSpan(raw.Length + 257);
        var length = CommittedTransactionJson.Format(raw, transaction.Commit, span);
        span[length] = (byte)'\n';
        output.Advance(length + 1);
    }

    public static void WriteDocket(IBufferWriter<byte> output, Docket docket)
    {
        using (var writer = new Utf8JsonWriter(output, WriterOptions))
        {
            JsonSerializer.Serialize(writer, docket, LedgerJsonContext.Default.Docket);
        }

        output.Write("\n"u8);
    }
}
