using System.Text.Json;
using Sorcha.Cryptography;
using Sorcha.Ledger.Transactions;

namespace Sorcha.Ledger.Tests;

/// <summary>The wallets a payload is addressed to, as a register's wallet index takes them: payload.envelopes[*].recipient.</summary>
public class PayloadRecipientsTests
{
    private static readonly string A = Address(), B = Address();

    [Fact]
    public void Distinct_recipient_addresses_in_the_order_they_first_appear()
    {
        var payload = Parse($$"""
            {"envelopes":[{"recipient":"{{B}}","nonce":"x"},{"recipient":"{{A}}"},{"recipient":"{{B}}"}],"other":[{"recipient":"{{A}}"}]}
            """);

        Assert.Equal([B, A], PayloadRecipients.Read(payload));
    }

    [Theory]
    [InlineData("null")]
    [InlineData("\"envelopes\"")]
    [InlineData("[{\"recipient\":\"ws1\"}]")]
    [InlineData("{\"envelopes\":{\"recipient\":\"x\"}}")]
    [InlineData("{\"Envelopes\":[]}")]
    [InlineData("{\"envelopes\":[1,null,[],{\"recipient\":7},{\"Recipient\":\"x\"}]}")]
    public void A_payload_of_another_shape_names_no_one(string json) => Assert.Empty(PayloadRecipients.Read(Parse(json)));

    [Fact]
    public void A_recipient_that_is_not_an_address_is_left_out()
    {
        var upper = A.ToUpperInvariant();
        var badChecksum = A[..^1] + (A[^1] == 'q' ? 'p' : 'q');
        var payload = Parse($$"""{"envelopes":[{"recipient":"{{upper}}"},{"recipient":"{{badChecksum}}"},{"recipient":"reg:{x}"},{"recipient":"{{A}}"}]}""");

        Assert.Equal([A], PayloadRecipients.Read(payload));
    }

    private static JsonElement Parse(string json) => JsonDocument.Parse(json).RootElement;

    private static string Address() =>
        Addresses.FromPublicKey(SignatureAlgorithm.ED25519, Signatures.Generate(SignatureAlgorithm.ED25519).PublicKey);
}
