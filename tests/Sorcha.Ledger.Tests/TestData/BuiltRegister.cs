using System.Buffers;
using System.Text;
using Sorcha.Cryptography;
using Sorcha.Ledger.Chain;
using Sorcha.Ledger.Dockets;
using Sorcha.Ledger.Export;

namespace Sorcha.Ledger.Tests.TestData;

/// <summary>A generated register: committed transactions, sealed dockets and the key that sealed them.</summary>
internal sealed record BuiltRegister(string RegisterId, KeyPair Key, IReadOnlyList<CommittedTransaction> Transactions, IReadOnlyList<Docket> Dockets)
{
    public string PublicKeyBase64 => Convert.ToBase64String(Key.PublicKey);

    /// <summary>Fresh, mutable copies of the CommittedTransaction lines (the tests tamper with them).</summary>
    public List<byte[]> TransactionLines() =>
        [.. Transactions.Select(t => CommittedTransactionJson.ToUtf8Bytes(t.RawTransaction.Span, t.Commit))];

    public List<Docket> DocketList() => [.. Dockets];

    public static byte[] Export(IEnumerable<byte[]> transactionLines, IEnumerable<Docket> dockets)
    {
        var output = new System.Buffers.ArrayBufferWriter<byte>();
        foreach (var line in transactionLines)
        {
            output.Write(line);
            output.Write("\n"u8);
        }

        foreach (var docket in dockets)
        {
            RegisterExportWriter.WriteDocket(output, docket);
        }

        return output.WrittenSpan.ToArray();
    }

    public static byte[] Replace(byte[] line, string from, string to)
    {
        var text = Encoding.UTF8.GetString(line);
        Assert.Contains(from, text, StringComparison.Ordinal);
        return Encoding.UTF8.GetBytes(text.Replace(from, to, StringComparison.Ordinal));
    }
}
