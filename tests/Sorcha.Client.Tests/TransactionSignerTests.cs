using System.Text;
using System.Text.Json;
using System.Text.Json.Nodes;
using Sorcha.Contracts.Transactions;
using Sorcha.Cryptography;
using Sorcha.Ledger.Chain;
using Sorcha.Ledger.Transactions;

namespace Sorcha.Client.Tests;

/// <summary>What the client builds and signs, judged by the ledger's own parser and checks.</summary>
public sealed class TransactionSignerTests
{
    private const string RegisterId = "0123456789abcdef0123456789abcdef";

    public static TheoryData<string?, SignatureAlgorithm> Payloads => new()
    {
        { """{"note":"é \"quoted\" <tag> +","n":1.5,"big":1e21,"list":[true,null]}""", SignatureAlgorithm.ED25519 },
        { null, SignatureAlgorithm.ED25519 },
        { "\"just a string\"", SignatureAlgorithm.NISTP256 },
    };

    [Theory]
    [MemberData(nameof(Payloads))]
    public void The_ledger_accepts_what_the_client_signs_with_the_same_txId(string? payload, SignatureAlgorithm algorithm)
    {
        var signer = TransactionSigner.Generate(algorithm);
        var (transaction, txId) = signer.Sign(RegisterId, payload is null ? null : JsonNode.Parse(payload), new TransactionMetadataDocument(Type: "Note"));

        var sent = JsonSerializer.SerializeToUtf8Bytes(transaction, SorchaJsonContext.Default.TransactionDocument);
        Assert.True(TransactionParser.TryParse(sent, out var parsed, out var errors), string.Join("; ", errors.Select(e => $"{e.Field} {e.Message}")));
        Assert.Equal(txId, parsed.TxId);
        Assert.Null(TransactionChecks.Verify(parsed));
        Assert.Equal(signer.Address, parsed.Sender);
        Assert.Equal(new Sorcha.Ledger.Transactions.TransactionMetadata("Note", null, null, null), parsed.Metadata);
    }

    [Fact]
    public void Absent_metadata_members_are_left_out_and_a_null_payload_is_written()
    {
        var (transaction, _) = TransactionSigner.Generate().Sign(RegisterId, (JsonNode?)null);
        using var json = JsonDocument.Parse(JsonSerializer.Serialize(transaction, SorchaJsonContext.Default.TransactionDocument));
        Assert.Equal(JsonValueKind.Null, json.RootElement.GetProperty("payload").ValueKind);
        Assert.False(json.RootElement.TryGetProperty("metadata", out _));
        Assert.Equal("ED25519", json.RootElement.GetProperty("algorithm").GetString());
        Assert.Matches(@"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$", json.RootElement.GetProperty("timestamp").GetString());
    }

    [Fact]
    public void A_committed_transaction_read_back_checks_out_and_tampering_is_named()
    {
        var (transaction, txId) = TransactionSigner.Generate().Sign(RegisterId, new JsonObject { ["amount"] = 10 });
        var raw = JsonSerializer.SerializeToUtf8Bytes(transaction, SorchaJsonContext.Default.TransactionDocument);
        var wire = CommittedTransactionJson.ToUtf8Bytes(raw, new CommitInfo(txId, 7, new string('a', 64), 0, DateTimeOffset.UtcNow));

        var committed = JsonSerializer.Deserialize(wire, SorchaJsonContext.Default.CommittedTransactionDocument)!;
        Assert.Equal((txId, 7L, 0L), (committed.TxId, committed.Sequence, committed.DocketNumber));
        Assert.Null(TransactionIds.Check(committed));

        var tampered = JsonSerializer.Deserialize(Encoding.UTF8.GetString(wire).Replace("\"amount\":10", "\"amount\":11", StringComparison.Ordinal),
            SorchaJsonContext.Default.CommittedTransactionDocument)!;
        Assert.Contains("does not recompute", TransactionIds.Check(tampered));
        Assert.Contains("signature", TransactionIds.Check(tampered with { TxId = TransactionIds.Compute(tampered) }));
    }
}
