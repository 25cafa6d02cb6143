using System.Text.Json;
using Sorcha.Cryptography;
using Sorcha.Ledger.Dockets;
using Sorcha.Ledger.Tests.TestData;
using Sorcha.Ledger.Verification;
using Sorcha.Verify;

namespace Sorcha.Ledger.Tests;

/// <summary>
/// Cutting the tail off a register (its last transactions with their dockets) still verified. With a docket
/// the client kept, it no longer does; and the register tree each docket signs must match its transactions.
/// </summary>
public sealed class RegisterTreeVerificationTests : IDisposable
{
    private static readonly BuiltRegister Register = RegisterFactory.Default;
    private readonly string _directory = Directory.CreateTempSubdirectory("sorcha-tree-").FullName;

    public void Dispose() => Directory.Delete(_directory, recursive: true);

    private static VerificationResult Verify(List<byte[]> lines, List<Docket> dockets, Docket? trusted = null) =>
        VerifierRuns.ExportOrder(lines, dockets, VerifierRuns.Options(Register) with { TrustedDocket = trusted });

    [Fact]
    public void Every_docket_of_a_new_register_carries_the_tree_and_the_register_verifies()
    {
        Assert.All(Register.Dockets, d => Assert.Equal(d.LastSequence + 1, d.TreeSize));
        Assert.Equal(new VerificationResult(true, 1050, 11), Verify(Register.TransactionLines(), Register.DocketList(), Register.Dockets[^1]));
    }

    [Fact]
    public void A_register_sealed_before_trees_existed_verifies_and_its_later_dockets_cover_all_txIds()
    {
        var upgraded = RegisterFactory.Build(450, 100, legacyDockets: 2);
        Assert.False(upgraded.Dockets[1].HasTree);
        Assert.Equal(300, upgraded.Dockets[2].TreeSize);

        var result = VerifierRuns.All(upgraded, upgraded.TransactionLines(), upgraded.DocketList());

        Assert.Equal(new VerificationResult(true, 450, 5), result);
    }

    [Fact]
    public void Going_back_to_dockets_without_a_tree_is_invalid()
    {
        var dockets = Register.DocketList();
        dockets[5] = RegisterFactory.Resign(dockets[5] with { TreeSize = null, TreeRoot = null }, Register.Key);

        var result = Verify(Register.TransactionLines(), dockets);

        Assert.False(result.Valid);
        Assert.Equal(5, result.FirstInvalidDocket);
        Assert.Contains("never returns", result.Reason, StringComparison.Ordinal);
    }

    [Fact]
    public void A_signed_treeRoot_that_is_not_the_tree_of_the_txIds_is_invalid()
    {
        var dockets = Register.DocketList();
        dockets[3] = RegisterFactory.Resign(dockets[3] with { TreeRoot = dockets[2].TreeRoot }, Register.Key);

        var result = Verify(Register.TransactionLines(), dockets);

        Assert.False(result.Valid);
        Assert.Equal(3, result.FirstInvalidDocket);
        Assert.Contains("treeRoot does not match", result.Reason, StringComparison.Ordinal);
    }

    [Fact]
    public void A_cut_tail_verifies_on_its_own_but_not_against_a_trusted_docket()
    {
        var lines = Register.TransactionLines()[..900];
        var dockets = Register.DocketList()[..9];

        Assert.True(Verify(lines, dockets).Valid); // the cut register is internally consistent: why a client keeps a docket

        var result = Verify(lines, dockets, trusted: Register.Dockets[10]);
        Assert.False(result.Valid);
        Assert.Equal(900, result.FirstInvalidSequence);
        Assert.Contains("trusted docket 10", result.Reason, StringComparison.Ordinal);
    }

    [Fact]
    public void A_rewritten_register_is_not_consistent_with_a_trusted_docket_of_the_original()
    {
        var rewritten = RegisterFactory.Build(1050, 100, algorithmOf: i => i == 420 ? SignatureAlgorithm.NISTP256 : SignatureAlgorithm.ED25519);

        var result = Verify(rewritten.TransactionLines(), rewritten.DocketList(), trusted: Register.Dockets[6]);

        Assert.False(result.Valid);
        Assert.Equal(6, result.FirstInvalidDocket);
        Assert.Contains("is not the trusted docket", result.Reason, StringComparison.Ordinal);
    }

    [Fact]
    public void A_trusted_docket_that_the_register_key_did_not_sign_is_refused()
    {
        var forged = Register.Dockets[4] with { Signature = Register.Dockets[3].Signature };

        Assert.Throws<ArgumentException>(() => new RegisterVerifier(VerifierRuns.Options(Register) with { TrustedDocket = forged }));
    }

    [Fact]
    public async Task Offline_verifier_refuses_a_cut_export_given_the_trusted_docket()
    {
        var trustedPath = Path.Combine(_directory, "docket.json");
        await File.WriteAllTextAsync(trustedPath, JsonSerializer.Serialize(Register.Dockets[10], LedgerJsonContext.Default.Docket));
        var full = Path.Combine(_directory, "full.ndjson");
        var cut = Path.Combine(_directory, "cut.ndjson");
        await File.WriteAllBytesAsync(full, BuiltRegister.Export(Register.TransactionLines(), Register.Dockets));
        await File.WriteAllBytesAsync(cut, BuiltRegister.Export(Register.TransactionLines()[..1000], Register.Dockets.Take(10)));

        var good = await RunAsync(full, "--public-key", Register.PublicKeyBase64, "--trusted-docket", trustedPath);
        var bad = await RunAsync(cut, "--public-key", Register.PublicKeyBase64, "--trusted-docket", trustedPath);
        var missing = await RunAsync(cut, "--public-key", Register.PublicKeyBase64, "--trusted-docket", Path.Combine(_directory, "none.json"));

        Assert.Equal(VerifyCommand.Valid, good.Code);
        Assert.Contains("trusted       docket 10", good.Output, StringComparison.Ordinal);
        Assert.Equal(VerifyCommand.Invalid, bad.Code);
        Assert.Contains("INVALID at sequence 1000", bad.Output, StringComparison.Ordinal);
        Assert.Equal(VerifyCommand.UsageOrIoError, missing.Code);
    }

    private static async Task<(int Code, string Output)> RunAsync(params string[] args)
    {
        var output = new StringWriter();
        var code = await VerifyCommand.RunAsync(args, output, output);
        return (code, output.ToString());
    }
}
