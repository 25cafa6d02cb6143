using System.Text;
using System.Text.Json.Nodes;
using Sorcha.Cryptography;
using Sorcha.Ledger.Transactions;

namespace Sorcha.Ledger.Tests;

/// <summary>A draft signed by someone else (the Wallet service) must be exactly what the ledger parses, hashes and checks.</summary>
public class TransactionDraftTests
{
    private static readonly DateTimeOffset At = new(2026, 11, 24, 21, 0, 0, 123, TimeSpan.Zero);

    [Theory]
    [InlineData(SignatureAlgorithm.ED25519)]
    [InlineData(SignatureAlgorithm.NISTP256)]
    public void A_signed_draft_parses_with_the_same_txId_and_its_signature_checks(SignatureAlgorithm algorithm)
    {
        var keys = Signatures.Generate(algorithm);
        var sender = Addresses.FromPublicKey(algorithm, keys.PublicKey);
        var payload = new JsonObject { ["envelopes"] = new JsonArray(new JsonObject { ["note"] = "é, \u2028 and \"quotes\"" }) };

        var draft = TransactionDraft.Create("reg-1", sender, algorithm, keys.PublicKey, payload,
            new TransactionMetadata("Action", "bp", "inst", "act"), At);
        var signed = draft.Sign(Signatures.Sign(algorithm, keys.PrivateKey, draft.TxId));

        Assert.True(TransactionParser.TryParse(Encoding.UTF8.GetBytes(signed.ToJsonString()), out var parsed, out var errors),
            string.Join("; ", errors.Select(e => $"{e.Field} {e.Message}")));
        Assert.Equal(draft.TxId, parsed.TxIdBytes.ToArray());
        Assert.Null(TransactionChecks.Verify(parsed));
        Assert.Equal("2026-11-24T21:00:00.123Z", signed["timestamp"]!.GetValue<string>());
    }

    [Fact]
    public void Absent_metadata_members_stay_absent_and_a_changed_member_changes_the_txId()
    {
        var keys = Signatures.Generate(SignatureAlgorithm.ED25519);
        var sender = Addresses.FromPublicKey(SignatureAlgorithm.ED25519, keys.PublicKey);

        var draft = TransactionDraft.Create("reg-1", sender, SignatureAlgorithm.ED25519, keys.PublicKey, null,
            new TransactionMetadata("Note", null, null, null), At);
        var other = TransactionDraft.Create("reg-2", sender, SignatureAlgorithm.ED25519, keys.PublicKey, null,
            new TransactionMetadata("Note", null, null, null), At);

        var metadata = draft.Sign([1])["metadata"]!.AsObject();
        Assert.Equal("type", Assert.Single(metadata).Key);
        Assert.NotEqual(draft.TxId, other.TxId);
    }
}
