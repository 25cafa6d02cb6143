using System.Text;
using Sorcha.Ledger.Tests.TestData;
using Sorcha.Verify;

namespace Sorcha.Ledger.Tests;

public sealed class VerifyCommandTests : IDisposable
{
    private static readonly BuiltRegister Register = RegisterFactory.Default;
    private readonly string _directory = Directory.CreateTempSubdirectory("sorcha-verify-").FullName;

    public void Dispose() => Directory.Delete(_directory, recursive: true);

    private string WriteExport(List<byte[]> lines, IEnumerable<Sorcha.Ledger.Dockets.Docket> dockets, string name = "export.ndjson")
    {
        var path = Path.Combine(_directory, name);
        File.WriteAllBytes(path, BuiltRegister.Export(lines, dockets));
        return path;
    }

    private static async Task<(int Code, string Output, string Errors)> RunAsync(params string[] args)
    {
        var output = new StringWriter();
        var errors = new StringWriter();
        var code = await VerifyCommand.RunAsync(args, output, errors);
        return (code, output.ToString(), errors.ToString());
    }

    [Fact]
    public async Task Good_export_is_valid_and_reports_what_was_checked()
    {
        var path = WriteExport(Register.TransactionLines(), Register.Dockets);

        var (code, output, _) = await RunAsync(path, "--public-key", Register.PublicKeyBase64);

        Assert.Equal(0, code);
        Assert.Contains("1050 checked: 1050 txIds recomputed, 1050 signatures", output, StringComparison.Ordinal);
        Assert.Contains("11 checked: 11 Merkle roots, 11 docket hashes and links, 11 docket signatures", output, StringComparison.Ordinal);
        Assert.Contains("µs per transaction", output, StringComparison.Ordinal);
        Assert.EndsWith("VALID" + Environment.NewLine, output, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Tampered_export_is_invalid_and_names_the_sequence()
    {
        var lines = Register.TransactionLines();
        lines[777] = BuiltRegister.Replace(lines[777], "\"row 777\"", "\"row 778\"");
        var path = WriteExport(lines, Register.Dockets);

        var (code, output, _) = await RunAsync(path, "--public-key", Register.PublicKeyBase64);

        Assert.Equal(1, code);
        Assert.Contains("INVALID at sequence 777: sequence 777: txId", output, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Forged_docket_signature_is_invalid_with_the_key_and_skippable_without()
    {
        var dockets = Register.DocketList();
        dockets[9] = dockets[9] with { Signature = dockets[8].Signature };
        var path = WriteExport(Register.TransactionLines(), dockets);

        var withKey = await RunAsync(path, "--public-key", Register.PublicKeyBase64);
        var skipped = await RunAsync(path, "--skip-docket-signatures");

        Assert.Equal(1, withKey.Code);
        Assert.Contains("INVALID at docket 9", withKey.Output, StringComparison.Ordinal);
        Assert.Equal(0, skipped.Code);
        Assert.Contains("docket signatures SKIPPED", skipped.Output, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Register_file_supplies_the_key_and_pins_the_head()
    {
        var path = WriteExport(Register.TransactionLines(), Register.Dockets);
        var registerPath = Path.Combine(_directory, "register.json");
        await File.WriteAllTextAsync(registerPath, $$"""
            {"id":"{{Register.RegisterId}}","name":"test","height":1050,"headChainHash":"{{Register.Transactions[^1].Commit.ChainHash}}",
             "publicKey":"{{Register.PublicKeyBase64}}","createdAt":"2025-03-01T12:00:00.000Z"}
            """);
        var truncated = WriteExport(Register.TransactionLines()[..1000], Register.Dockets.Take(10), "truncated.ndjson");

        Assert.Equal(0, (await RunAsync(path, "--register", registerPath)).Code);
        var cut = await RunAsync(truncated, "--register", registerPath);
        Assert.Equal(1, cut.Code);
        Assert.Contains("INVALID at sequence 1000", cut.Output, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Bad_docket_line_is_invalid()
    {
        var path = WriteExport(Register.TransactionLines(), Register.Dockets);
        await File.AppendAllTextAsync(path, "{\"merkleRoot\":\"x\"}\n");

        var (code, output, _) = await RunAsync(path, "--public-key", Register.PublicKeyBase64);

        Assert.Equal(1, code);
        Assert.Contains("INVALID: docket line 12", output, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Usage_and_io_errors_exit_2()
    {
        var path = WriteExport(Register.TransactionLines(), Register.Dockets);

        Assert.Equal(2, (await RunAsync()).Code);
        Assert.Equal(2, (await RunAsync(path)).Code); // no key and no --skip-docket-signatures
        Assert.Equal(2, (await RunAsync(path, "--public-key", "not-base64")).Code);
        Assert.Equal(2, (await RunAsync(path, "--public-key", Register.PublicKeyBase64, "--bogus")).Code);
        Assert.Equal(2, (await RunAsync(Path.Combine(_directory, "missing.ndjson"), "--skip-docket-signatures")).Code);
        var (code, _, errors) = await RunAsync(path, "--register", Path.Combine(_directory, "missing.json"));
        Assert.Equal(2, code);
        Assert.Contains("error:", errors, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Empty_export_is_valid()
    {
        var path = WriteExport([], []);

        Assert.Equal(0, (await RunAsync(path, "--skip-docket-signatures")).Code);
    }

    [Fact]
    public async Task Export_with_crlf_and_blank_lines_still_verifies()
    {
        var path = Path.Combine(_directory, "crlf.ndjson");
        var text = Encoding.UTF8.GetString(BuiltRegister.Export(Register.TransactionLines(), Register.Dockets)).Replace("\n", "\r\n\r\n", StringComparison.Ordinal);
        await File.WriteAllTextAsync(path, text);

        Assert.Equal(0, (await RunAsync(path, "--public-key", Register.PublicKeyBase64)).Code);
    }
}
