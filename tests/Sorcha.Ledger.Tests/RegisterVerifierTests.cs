using System.Text;
using Sorcha.Cryptography;
using Sorcha.Ledger.Dockets;
using Sorcha.Ledger.Tests.TestData;
using Sorcha.Ledger.Verification;

namespace Sorcha.Ledger.Tests;

public class RegisterVerifierTests
{
    private static readonly BuiltRegister Register = RegisterFactory.Default;

    private static VerificationResult Verify(List<byte[]> lines, List<Docket> dockets) => VerifierRuns.All(Register, lines, dockets);

    private static void AssertInvalid(VerificationResult result, long? sequence, long? docket, string reasonPart)
    {
        Assert.False(result.Valid);
        Assert.Equal(sequence, result.FirstInvalidSequence);
        Assert.Equal(docket, result.FirstInvalidDocket);
        Assert.Contains(reasonPart, result.Reason, StringComparison.Ordinal);
    }

    [Fact]
    public void Generated_register_is_valid()
    {
        Assert.Equal(11, Register.Dockets.Count);

        var result = Verify(Register.TransactionLines(), Register.DocketList());

        Assert.Equal(new VerificationResult(true, 1050, 11), result);
    }

    [Fact]
    public void Changed_payload_byte_names_its_sequence()
    {
        var lines = Register.TransactionLines();
        lines[500] = BuiltRegister.Replace(lines[500], "\"row 500\"", "\"row 5OO\"");

        AssertInvalid(Verify(lines, Register.DocketList()), 500, null, "txId");
    }

    [Fact]
    public void Changed_signature_names_its_sequence()
    {
        var lines = Register.TransactionLines();
        var signature = TransactionFactory.Parse(Encoding.UTF8.GetString(Register.Transactions[321].RawTransaction.Span)).Signature;
        var other = TransactionFactory.Parse(Encoding.UTF8.GetString(Register.Transactions[320].RawTransaction.Span)).Signature;
        lines[321] = BuiltRegister.Replace(lines[321], Convert.ToBase64String(signature.Span), Convert.ToBase64String(other.Span));

        AssertInvalid(Verify(lines, Register.DocketList()), 321, null, "signature does not verify");
    }

    [Fact]
    public void Sequence_gap_names_the_missing_sequence()
    {
        var lines = Register.TransactionLines();
        lines.RemoveAt(300);

        AssertInvalid(Verify(lines, Register.DocketList()), 300, null, "missing");
    }

    [Fact]
    public void Duplicate_names_the_position_it_takes()
    {
        var lines = Register.TransactionLines();
        lines.Insert(301, lines[300]);

        AssertInvalid(Verify(lines, Register.DocketList()), 301, null, "found sequence 300 again");
    }

    [Fact]
    public void Changed_chain_hash_names_its_sequence()
    {
        var lines = Register.TransactionLines();
        var chainHash = Register.Transactions[700].Commit.ChainHash;
        lines[700] = BuiltRegister.Replace(lines[700], chainHash, new string('0', 64));

        AssertInvalid(Verify(lines, Register.DocketList()), 700, null, "chainHash");
    }

    [Fact]
    public void Changed_merkle_root_names_the_docket()
    {
        var dockets = Register.DocketList();
        dockets[4] = dockets[4] with { MerkleRoot = new string('1', 64) };

        AssertInvalid(Verify(Register.TransactionLines(), dockets), null, 4, "docketHash");
    }

    [Fact]
    public void Re_signed_wrong_merkle_root_is_caught_by_the_root_check()
    {
        var dockets = Register.DocketList();
        dockets[4] = RegisterFactory.Resign(dockets[4] with { MerkleRoot = new string('1', 64) }, Register.Key);

        // Docket 5 now links to a hash that changed too, but docket 4 comes first.
        AssertInvalid(Verify(Register.TransactionLines(), dockets), null, 4, "merkleRoot");
    }

    [Fact]
    public void Changed_docket_signature_names_the_docket()
    {
        var dockets = Register.DocketList();
        dockets[6] = dockets[6] with { Signature = dockets[5].Signature };

        AssertInvalid(Verify(Register.TransactionLines(), dockets), null, 6, "signature");
    }

    [Fact]
    public void Broken_docket_link_names_the_docket()
    {
        var dockets = Register.DocketList();
        dockets[7] = RegisterFactory.Resign(dockets[7] with { PreviousDocketHash = dockets[5].DocketHash }, Register.Key);

        AssertInvalid(Verify(Register.TransactionLines(), dockets), null, 7, "previousDocketHash");
    }

    [Fact]
    public void Missing_docket_breaks_the_range()
    {
        var dockets = Register.DocketList();
        dockets.RemoveAt(2);

        AssertInvalid(Verify(Register.TransactionLines(), dockets), null, 3, "expected docket 2");
    }

    [Fact]
    public void Docket_beyond_the_transactions_is_invalid()
    {
        var lines = Register.TransactionLines();
        lines.RemoveRange(1020, 30);

        AssertInvalid(Verify(lines, Register.DocketList()), null, 10, "covers sequences up to 1049");
    }

    [Fact]
    public void Earliest_fault_wins_whatever_the_input_order()
    {
        var lines = Register.TransactionLines();
        lines[900] = BuiltRegister.Replace(lines[900], "\"row 900\"", "\"row 9OO\"");
        var dockets = Register.DocketList();
        dockets[3] = dockets[3] with { Signature = dockets[2].Signature };

        // Export order reaches the bad transaction before the bad docket, yet docket 3 (sequences 300..399) is earlier.
        var result = Verify(lines, dockets);

        AssertInvalid(result, null, 3, "signature");
        Assert.Equal(400, result.CheckedTransactions);
        Assert.Equal(3, result.CheckedDockets);
    }

    [Fact]
    public void Wrong_docket_number_on_a_transaction_is_named()
    {
        var lines = Register.TransactionLines();
        lines[250] = BuiltRegister.Replace(lines[250], "\"docketNumber\":2,", "\"docketNumber\":3,");

        AssertInvalid(Verify(lines, Register.DocketList()), 250, 2, "docketNumber says 3");
    }

    [Fact]
    public void Transaction_of_another_register_is_named()
    {
        var register = RegisterFactory.Build(5, 100);
        var lines = register.TransactionLines();
        var options = VerifierRuns.Options(register) with { RegisterId = "another" };

        var result = VerifierRuns.ExportOrder(lines, register.DocketList(), options);

        AssertInvalid(result, 0, null, "registerId");
    }

    [Fact]
    public void Unsealed_tail_is_valid_but_may_not_claim_a_docket()
    {
        var register = RegisterFactory.Build(130, 50, sealedTransactions: 100);
        var lines = register.TransactionLines();
        Assert.Equal(new VerificationResult(true, 130, 2), VerifierRuns.All(register, lines, register.DocketList()));

        lines[120] = BuiltRegister.Replace(lines[120], "\"committedAt\"", "\"docketNumber\":2,\"committedAt\"");
        var result = VerifierRuns.All(register, lines, register.DocketList());
        Assert.False(result.Valid);
        Assert.Equal(120, result.FirstInvalidSequence);
    }

    [Fact]
    public void Every_algorithm_verifies_in_one_register()
    {
        var register = RegisterFactory.Build(30, 8, algorithmOf: i => TestKeys.Algorithms[i % 3]);

        Assert.Equal(new VerificationResult(true, 30, 4), VerifierRuns.All(register, register.TransactionLines(), register.DocketList()));
    }

    [Fact]
    public void Pinned_head_catches_a_truncated_export()
    {
        var head = new RegisterHead(1050, Register.Transactions[^1].Commit.ChainHash);
        var options = VerifierRuns.Options(Register) with { ExpectedHead = head };
        var lines = Register.TransactionLines();

        Assert.True(VerifierRuns.ExportOrder(lines, Register.Dockets, options).Valid);

        var truncated = VerifierRuns.ExportOrder(lines.Take(1000), Register.Dockets.Take(10), options);
        AssertInvalid(truncated, 1000, null, "height");

        var forked = VerifierRuns.ExportOrder(lines, Register.Dockets, options with { ExpectedHead = head with { HeadChainHash = new string('9', 64) } });
        AssertInvalid(forked, 1049, null, "headChainHash");
    }

    [Fact]
    public void Docket_signatures_can_be_skipped_but_the_key_is_otherwise_required()
    {
        var dockets = Register.DocketList();
        dockets[1] = dockets[1] with { Signature = dockets[0].Signature };
        var options = new RegisterVerifierOptions { SkipDocketSignatures = true };

        Assert.True(VerifierRuns.ExportOrder(Register.TransactionLines(), dockets, options).Valid);
        Assert.Throws<ArgumentException>(() => new RegisterVerifier(new RegisterVerifierOptions()));
        Assert.Throws<ArgumentException>(() => new RegisterVerifier(new RegisterVerifierOptions { RegisterPublicKey = new byte[31] }));
    }

    [Fact]
    public void Committed_transaction_objects_verify_like_json()
    {
        var verifier = new RegisterVerifier(VerifierRuns.Options(Register));
        foreach (var transaction in Register.Transactions)
        {
            verifier.AddTransaction(transaction);
        }

        foreach (var docket in Register.Dockets)
        {
            verifier.AddDocket(docket);
        }

        Assert.Equal(new VerificationResult(true, 1050, 11), verifier.Complete());
        Assert.Equal(new VerificationStatistics(1050, 1050, 1050, 11, 11, 11), verifier.Statistics);
    }

    [Fact]
    public void Garbage_line_names_its_sequence()
    {
        var lines = Register.TransactionLines();
        lines[10] = "{not json"u8.ToArray();

        AssertInvalid(Verify(lines, Register.DocketList()), 10, null, "not a CommittedTransaction");
    }

    [Fact]
    public void Forged_but_self_consistent_transaction_is_caught_by_its_docket()
    {
        // A forger re-signs a changed transaction with their own key and recomputes every chain hash after it;
        // only the register-signed Merkle root can tell.
        var register = RegisterFactory.Build(20, 10);
        var forgedRegister = RegisterFactory.Build(20, 10, algorithmOf: i => i == 15 ? SignatureAlgorithm.NISTP256 : SignatureAlgorithm.ED25519);
        var lines = forgedRegister.TransactionLines();

        var result = VerifierRuns.All(register, lines, register.DocketList());

        AssertInvalid(result, null, 1, "merkleRoot");
    }
}
