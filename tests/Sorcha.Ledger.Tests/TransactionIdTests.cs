using System.Security.Cryptography;
using System.Text;
using Sorcha.Cryptography;
using Sorcha.Ledger.Tests.TestData;

namespace Sorcha.Ledger.Tests;

public class TransactionIdTests
{
    [Fact]
    public void TxId_is_sha256_of_the_hand_built_canonical_form_without_signature()
    {
        var key = TestKeys.For(SignatureAlgorithm.ED25519);
        var publicKey = Convert.ToBase64String(key.PublicKey);
        var sender = Addresses.FromPublicKey(SignatureAlgorithm.ED25519, key.PublicKey);
        var signature = Convert.ToBase64String(new byte[64]);

        // Submitted out of order, with whitespace, an escaped name character and number forms JCS rewrites.
        var submitted = $$"""
            {
              "timestamp": "2025-03-01T12:00:00.000Z",
              "signature": "{{signature}}",
              "payload": { "b": [true, null, 1.0, 1e2], "a": "caf\u00e9" },
              "metadata": { "type": "Action", "actionId": "a1" },
              "registerId": "reg-1",
              "publicKey": "{{publicKey}}",
              "sender": "{{sender}}",
              "algorithm": "ED25519"
            }
            """;
        var canonical = "{\"algorithm\":\"ED25519\",\"metadata\":{\"actionId\":\"a1\",\"type\":\"Action\"}," +
            "\"payload\":{\"a\":\"café\",\"b\":[true,null,1,100]},\"publicKey\":\"" + publicKey + "\"," +
            "\"registerId\":\"reg-1\",\"sender\":\"" + sender + "\",\"timestamp\":\"2025-03-01T12:00:00.000Z\"}";

        var parsed = TransactionFactory.Parse(submitted);

        var expected = SHA256.HashData(Encoding.UTF8.GetBytes(canonical));
        Assert.Equal(Convert.ToHexStringLower(expected), parsed.TxId);
        Assert.Equal(expected, parsed.TxIdBytes.ToArray());
    }

    [Fact]
    public void TxId_ignores_member_order_whitespace_and_the_signature()
    {
        var json = TransactionFactory.Create();
        var reordered = "{ \"signature\" : \"" + Convert.ToBase64String(new byte[64]) + "\",\n" + json[1..json.IndexOf(",\"signature\"", StringComparison.Ordinal)] + "}";

        Assert.Equal(TransactionFactory.Parse(json).TxId, TransactionFactory.Parse(reordered).TxId);
    }

    [Fact]
    public void TxId_changes_with_any_signed_value()
    {
        var a = TransactionFactory.Parse(TransactionFactory.Create(payloadJson: """{"n":1}"""));
        var b = TransactionFactory.Parse(TransactionFactory.Create(payloadJson: """{"n":2}"""));
        var c = TransactionFactory.Parse(TransactionFactory.Create(payloadJson: """{"n":1}""", metadataJson: """{"type":"x"}"""));

        Assert.Equal(3, new[] { a.TxId, b.TxId, c.TxId }.Distinct().Count());
    }
}
