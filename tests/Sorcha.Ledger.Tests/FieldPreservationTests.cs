using System.Text;
using System.Text.Json;
using Sorcha.Ledger.Chain;
using Sorcha.Ledger.Export;
using Sorcha.Ledger.Tests.TestData;

namespace Sorcha.Ledger.Tests;

/// <summary>Registers must hand back every submitted value as it came, so anyone can recompute the txId.</summary>
public class FieldPreservationTests
{
    // Escapes System.Text.Json would rewrite on re-serialisation, a surrogate pair, and number spellings JCS normalises.
    private const string UnusualPayload =
        """{"s":"caf\u00e9 \/ \u00E9 \ud83d\ude00 tab\t","n":[1.0,1e2,1E+2,-0,0.1,12345678901234567890],"empty":{},"z":null}""";

    private static readonly CommitInfo Commit = new(new string('a', 64), 7, new string('b', 64), 3, new DateTimeOffset(2025, 3, 1, 12, 0, 0, TimeSpan.Zero));

    [Fact]
    public void Raw_json_keeps_every_token_byte_for_byte_minus_whitespace()
    {
        var compact = TransactionFactory.Create(payloadJson: UnusualPayload, metadataJson: """{"type":"A\u0063tion"}""");
        var pretty = compact.Replace(",\"", ",\n  \"", StringComparison.Ordinal).Replace("{\"registerId\"", "{ \"registerId\"", StringComparison.Ordinal);

        var parsed = TransactionFactory.Parse(pretty);

        Assert.Equal(compact, Encoding.UTF8.GetString(parsed.RawJson.Span));
        Assert.Equal(TransactionFactory.Parse(compact).TxId, parsed.TxId);
    }

    [Fact]
    public void Committed_json_round_trips_the_raw_transaction_and_the_txId()
    {
        var parsed = TransactionFactory.Parse(TransactionFactory.Create(payloadJson: UnusualPayload));

        var written = CommittedTransactionJson.ToUtf8Bytes(parsed.RawJson.Span, Commit);
        var text = Encoding.UTF8.GetString(written);
        Assert.Contains(UnusualPayload, text, StringComparison.Ordinal);
        Assert.EndsWith(",\"txId\":\"" + Commit.TxId + "\",\"sequence\":7,\"chainHash\":\"" + Commit.ChainHash +
            "\",\"docketNumber\":3,\"committedAt\":\"2025-03-01T12:00:00.000Z\"}", text, StringComparison.Ordinal);

        Assert.True(CommittedTransactionReader.TryRead(written, out var read, out _));
        Assert.Equal(parsed.RawJson.ToArray(), read.RawTransaction.ToArray());
        Assert.Equal(Commit, read.Commit);
        Assert.Equal(parsed.TxId, TransactionFactory.Parse(Encoding.UTF8.GetString(read.RawTransaction.Span)).TxId);
    }

    [Fact]
    public void Null_payload_stays_null_and_absent_metadata_stays_absent()
    {
        var parsed = TransactionFactory.Parse(TransactionFactory.Create(payloadJson: "null"));

        using var document = JsonDocument.Parse(CommittedTransactionJson.ToUtf8Bytes(parsed.RawJson.Span, Commit with { DocketNumber = null }));
        Assert.Equal(JsonValueKind.Null, document.RootElement.GetProperty("payload").ValueKind);
        Assert.False(document.RootElement.TryGetProperty("metadata", out _));
        Assert.False(document.RootElement.TryGetProperty("docketNumber", out _));
        Assert.Null(parsed.Metadata);
    }

    [Fact]
    public void Serializer_and_export_emit_the_same_bytes_as_the_writer()
    {
        var parsed = TransactionFactory.Parse(TransactionFactory.Create(payloadJson: UnusualPayload));
        var committed = new CommittedTransaction(parsed.RawJson, Commit);
        var expected = CommittedTransactionJson.ToUtf8Bytes(parsed.RawJson.Span, Commit);

        Assert.Equal(expected, JsonSerializer.SerializeToUtf8Bytes(committed, LedgerJsonContext.Default.CommittedTransaction));
        Assert.Equal(expected, JsonSerializer.SerializeToUtf8Bytes(new[] { committed })[1..^1]);

        var export = new System.Buffers.ArrayBufferWriter<byte>();
        RegisterExportWriter.WriteTransaction(export, committed);
        Assert.Equal([.. expected, (byte)'\n'], export.WrittenSpan.ToArray());

        var back = JsonSerializer.Deserialize(expected, LedgerJsonContext.Default.CommittedTransaction)!;
        Assert.Equal(parsed.RawJson.ToArray(), back.RawTransaction.ToArray());
    }

    [Theory]
    [InlineData("""{"sequence":1,"chainHash":"__H__","committedAt":"2025-03-01T12:00:00Z"}""", "txId is required")]
    [InlineData("""{"txId":"__H__","txId":"__H__","sequence":1,"chainHash":"__H__","committedAt":"2025-03-01T12:00:00Z"}""", "txId")]
    [InlineData("""{"txId":"__H__","sequence":-1,"chainHash":"__H__","committedAt":"2025-03-01T12:00:00Z"}""", "sequence")]
    [InlineData("""{"txId":"ABC","sequence":1,"chainHash":"__H__","committedAt":"2025-03-01T12:00:00Z"}""", "txId")]
    [InlineData("""{"txId":"__H__","sequence":1,"chainHash":"__H__","committedAt":"yesterday"}""", "committedAt")]
    [InlineData("""{"txId":"__H__","sequence":1,"chainHash":"__H__","committedAt":"2025-03-01T12:00:00Z"} x""", "JSON")]
    [InlineData("""[1]""", "object")]
    public void Reader_rejects_bad_commit_members(string json, string expected)
    {
        var bytes = Encoding.UTF8.GetBytes(json.Replace("__H__", new string('c', 64), StringComparison.Ordinal));
        Assert.False(CommittedTransactionReader.TryRead(bytes, out _, out var error));
        Assert.Contains(expected, error, StringComparison.Ordinal);
    }
}
