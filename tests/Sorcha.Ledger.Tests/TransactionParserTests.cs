using System.Text;
using System.Text.Json;
using Sorcha.Cryptography;
using Sorcha.Ledger.Tests.TestData;
using Sorcha.Ledger.Transactions;

namespace Sorcha.Ledger.Tests;

public class TransactionParserTests
{
    private static readonly string Valid = TransactionFactory.Create();

    private static IReadOnlyList<FieldError> Errors(string json)
    {
        Assert.False(TransactionParser.TryParse(Encoding.UTF8.GetBytes(json), out var parsed, out var errors));
        Assert.Null(parsed);
        Assert.NotEmpty(errors);
        return errors;
    }

    /// <summary>The valid transaction with one member's value replaced by raw JSON, or removed when null.</summary>
    private static string With(string member, string? rawValue)
    {
        var node = System.Text.Json.Nodes.JsonNode.Parse(Valid)!.AsObject();
        node.Remove(member);
        if (rawValue is not null)
        {
            node[member] = System.Text.Json.Nodes.JsonNode.Parse(rawValue);
        }

        return node.ToJsonString();
    }

    [Fact]
    public void Valid_transaction_parses_with_decoded_fields()
    {
        Assert.True(TransactionParser.TryParse(Encoding.UTF8.GetBytes(Valid), out var parsed, out var errors));
        Assert.Empty(errors);
        Assert.Equal(TransactionFactory.RegisterId, parsed.RegisterId);
        Assert.Equal(SignatureAlgorithm.ED25519, parsed.Algorithm);
        Assert.Equal(32, parsed.PublicKey.Length);
        Assert.Equal(64, parsed.Signature.Length);
        Assert.Equal(new DateTimeOffset(2025, 3, 1, 12, 0, 0, TimeSpan.Zero), parsed.Timestamp);
        Assert.Equal(64, parsed.TxId.Length);
    }

    [Theory]
    [InlineData("registerId", "\"\"")]
    [InlineData("registerId", "42")]
    [InlineData("sender", "\"ws1notanaddress\"")]
    [InlineData("sender", "null")]
    [InlineData("algorithm", "\"ed25519\"")]
    [InlineData("algorithm", "\"RSA2048\"")]
    [InlineData("publicKey", "\"AAAA AAAA\"")]
    [InlineData("publicKey", "\"AAAA\"")]
    [InlineData("publicKey", "\"AAA\"")]
    [InlineData("publicKey", "\"\"")]
    [InlineData("timestamp", "\"2025-03-01T12:00:00+01:00\"")]
    [InlineData("timestamp", "\"2025-03-01\"")]
    [InlineData("timestamp", "1740830400")]
    [InlineData("signature", "\"not base64!\"")]
    [InlineData("signature", "\"\"")]
    [InlineData("metadata", "null")]
    [InlineData("metadata", "[]")]
    [InlineData("metadata", "{\"type\":1}")]
    [InlineData("metadata", "{\"colour\":\"red\"}")]
    public void Each_bad_field_is_named(string member, string rawValue)
    {
        var errors = Errors(With(member, rawValue));
        var error = Assert.Single(errors);
        Assert.StartsWith(member, error.Field, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("registerId")]
    [InlineData("sender")]
    [InlineData("algorithm")]
    [InlineData("publicKey")]
    [InlineData("payload")]
    [InlineData("timestamp")]
    [InlineData("signature")]
    public void Each_missing_required_field_is_named(string member)
    {
        var error = Assert.Single(Errors(With(member, null)));
        Assert.Equal(new FieldError(member, "is required"), error);
    }

    [Fact]
    public void Register_id_longer_than_128_characters_is_rejected() =>
        Assert.Equal("registerId", Assert.Single(Errors(With("registerId", $"\"{new string('a', 129)}\""))).Field);

    [Fact]
    public void Payload_may_be_any_json_value_including_null()
    {
        foreach (var payload in new[] { "null", "0", "\"text\"", "[]", "{}", "true" })
        {
            Assert.True(TransactionParser.TryParse(Encoding.UTF8.GetBytes(With("payload", payload)), out _, out _), payload);
        }
    }

    [Fact]
    public void Unknown_members_are_rejected()
    {
        var error = Assert.Single(Errors(With("txId", "\"abc\"")));
        Assert.Equal("txId", error.Field);
    }

    [Fact]
    public void Several_problems_are_all_listed()
    {
        var json = With("algorithm", "\"DSA\"");
        json = System.Text.Json.Nodes.JsonNode.Parse(json)!.AsObject() is var node && node.Remove("payload") ? node.ToJsonString() : json;
        json = json.Replace("\"2025-03-01T12:00:00.000Z\"", "\"noon\"", StringComparison.Ordinal)[..^1] + ",\"extra\":1,\"metadata\":{\"type\":2}}";

        var fields = Errors(json).Select(e => e.Field).Order(StringComparer.Ordinal).ToArray();

        Assert.Equal(["algorithm", "extra", "metadata.type", "payload", "timestamp"], fields);
    }

    [Fact]
    public void Public_key_size_must_fit_the_algorithm()
    {
        var p256 = Convert.ToBase64String(TestKeys.For(SignatureAlgorithm.NISTP256).PublicKey);
        var error = Assert.Single(Errors(With("publicKey", $"\"{p256}\"")));
        Assert.Equal("publicKey", error.Field);
        Assert.Contains("32 bytes", error.Message, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("not json")]
    [InlineData("[1,2]")]
    [InlineData("\"text\"")]
    [InlineData("")]
    public void Non_objects_are_one_body_error(string json) => Assert.Equal("$", Assert.Single(Errors(json)).Field);

    [Fact]
    public void Duplicate_member_names_anywhere_are_rejected()
    {
        Assert.Equal(new FieldError("payload", "appears more than once"), Assert.Single(Errors(Valid[..^1] + ",\"payload\":2}")));
        Assert.Equal("$", Assert.Single(Errors(With("payload", "{\"a\":1,\"a\":2}"))).Field);
    }

    [Fact]
    public void Values_without_a_canonical_form_are_rejected() =>
        Assert.Equal("$", Assert.Single(Errors(With("payload", "1e400"))).Field);

    [Fact]
    public void Element_overload_reads_a_batch_item()
    {
        using var batch = JsonDocument.Parse($"{{\"transactions\":[{Valid}]}}");
        var item = batch.RootElement.GetProperty("transactions")[0];

        Assert.True(TransactionParser.TryParse(item, out var parsed, out _));
        Assert.Equal(TransactionFactory.Parse(Valid).TxId, parsed.TxId);
        Assert.Equal(Valid, Encoding.UTF8.GetString(parsed.RawJson.Span));
    }
}
