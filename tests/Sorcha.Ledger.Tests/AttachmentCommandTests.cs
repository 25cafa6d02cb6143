using System.Security.Cryptography;
using System.Text;
using Sorcha.Cryptography;
using Sorcha.Ledger.Chain;
using Sorcha.Ledger.Formats;
using Sorcha.Ledger.Tests.TestData;
using Sorcha.Verify;

namespace Sorcha.Ledger.Tests;

/// <summary><c>sorcha-verify attachment</c>: a decrypted file against the hash its signed transaction records.</summary>
public sealed class AttachmentCommandTests : IDisposable
{
    private static readonly byte[] File1 = Encoding.UTF8.GetBytes("the receipt, as sent\n");
    private readonly string _directory = Directory.CreateTempSubdirectory("sorcha-attach-").FullName;

    public void Dispose() => Directory.Delete(_directory, recursive: true);

    /// <summary>An export of one signed transaction whose payload records <see cref="File1"/> as attachment 0.</summary>
    private (string Export, string TxId, byte[] Line) Build()
    {
        var hash = Convert.ToHexStringLower(SHA256.HashData(File1));
        var payload = $$"""{"envelopes":[],"attachments":[{"name":"receipt.txt","contentType":"text/plain","size":{{File1.Length}},"sha256":"{{hash}}","envelopes":[]}]}""";
        var parsed = TransactionFactory.Parse(TransactionFactory.Create(SignatureAlgorithm.ED25519, payload));
        var chain = ChainHash.Next(ChainHash.Genesis.ToArray(), parsed.TxIdBytes.Span);
        var line = CommittedTransactionJson.ToUtf8Bytes(parsed.RawJson.Span,
            new CommitInfo(parsed.TxId, 0, LowerHex.Encode(chain), null, RegisterFactory.Start));
        return (Write("export.ndjson", BuiltRegister.Export([line], [])), parsed.TxId, line);
    }

    private string Write(string name, byte[] bytes)
    {
        var path = Path.Combine(_directory, name);
        File.WriteAllBytes(path, bytes);
        return path;
    }

    private static async Task<(int Code, string Output, string Errors)> RunAsync(params string[] args)
    {
        var (output, errors) = (new StringWriter(), new StringWriter());
        var code = await AttachmentCommand.RunAsync(args, output, errors);
        return (code, output.ToString(), errors.ToString());
    }

    [Fact]
    public async Task The_file_sent_matches_and_any_other_does_not()
    {
        var (export, txId, _) = Build();

        var (ok, okOutput, _) = await RunAsync(export, txId, "0", Write("receipt.txt", File1));
        Assert.Equal(0, ok);
        Assert.StartsWith("OK:", okOutput, StringComparison.Ordinal);

        var changed = File1.ToArray();
        changed[0] ^= 1;
        var (mismatch, mismatchOutput, _) = await RunAsync(export, txId, "0", Write("changed.txt", changed));
        Assert.Equal(1, mismatch);
        Assert.StartsWith("MISMATCH:", mismatchOutput, StringComparison.Ordinal);
    }

    [Fact]
    public async Task A_missing_attachment_or_transaction_is_not_found_and_bad_usage_is_2()
    {
        var (export, txId, _) = Build();
        var file = Write("receipt.txt", File1);

        Assert.Equal(1, (await RunAsync(export, txId, "1", file)).Code);
        Assert.Equal(1, (await RunAsync(export, new string('0', 64), "0", file)).Code);
        Assert.Equal(2, (await RunAsync(export, txId, "-1", file)).Code);
        Assert.Equal(2, (await RunAsync(export, txId, "0")).Code);
        Assert.Equal(2, (await RunAsync(export, txId, "0", Path.Combine(_directory, "absent"))).Code);
    }

    [Fact]
    public async Task A_hash_rewritten_in_the_export_no_longer_verifies_even_for_the_matching_file()
    {
        var (_, txId, line) = Build();
        var forged = new byte[File1.Length];
        var forgedHash = Convert.ToHexStringLower(SHA256.HashData(forged));
        var original = Convert.ToHexStringLower(SHA256.HashData(File1));
        var export = Write("forged.ndjson", BuiltRegister.Export([BuiltRegister.Replace(line, original, forgedHash)], []));

        var (code, output, _) = await RunAsync(export, txId, "0", Write("forged.bin", forged));

        Assert.Equal(1, code);
        Assert.StartsWith("INVALID:", output, StringComparison.Ordinal);
    }
}
