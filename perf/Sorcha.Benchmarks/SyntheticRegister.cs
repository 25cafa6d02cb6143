using System.Buffers;
using System.Security.Cryptography;
using System.Text;
using System.Text.Json;
using Sorcha.Cryptography;
using Sorcha.Ledger.Chain;
using Sorcha.Ledger.Dockets;
using Sorcha.Ledger.Export;
using Sorcha.Ledger.Formats;
using Sorcha.Ledger.Transactions;

namespace Sorcha.Benchmarks;

/// <summary>
/// A valid register built in memory with the ledger's own writers, as the Transaction and Register services build
/// one: signed Ed25519 transactions from a few senders, chain hashes, dockets of 100 sealed with the register key
/// and carrying the register tree. Setup for the verification benchmarks, never timed.
/// </summary>
internal sealed class SyntheticRegister
{
    public const string RegisterId = "0f1e2d3c4b5a69788796a5b4c3d2e1f0";
    private static readonly DateTimeOffset Start = new(2025, 3, 1, 12, 0, 0, TimeSpan.Zero);

    public required KeyPair RegisterKey { get; init; }

    /// <summary>Each submitted transaction's JSON, as a client would send it.</summary>
    public required IReadOnlyList<byte[]> Submissions { get; init; }

    /// <summary>The export: every CommittedTransaction line, then every Docket line.</summary>
    public required byte[] Export { get; init; }

    public static SyntheticRegister Build(int transactionCount, int senders = 16, int docketSize = 100)
    {
        var registerKey = Signatures.Generate(SignatureAlgorithm.ED25519);
        var keys = Enumerable.Range(0, senders).Select(_ => Signatures.Generate(SignatureAlgorithm.ED25519)).ToArray();
        var submissions = new byte[transactionCount][];
        var parsed = new ParsedTransaction[transactionCount];
        Parallel.For(0, transactionCount, i =>
        {
            submissions[i] = Encoding.UTF8.GetBytes(Transaction(RegisterId, keys[i % senders], i));
            parsed[i] = TransactionParser.TryParse(submissions[i], out var transaction, out var errors)
                ? transaction
                : throw new InvalidOperationException(string.Join("; ", errors));
        });

        var output = new ArrayBufferWriter<byte>();
        var chain = ChainHash.Genesis.ToArray();
        for (var i = 0; i < transactionCount; i++)
        {
            chain = ChainHash.Next(chain, parsed[i].TxIdBytes.Span);
            var commit = new CommitInfo(parsed[i].TxId, i, LowerHex.Encode(chain), i / docketSize, Start.AddMilliseconds(i + 5));
            RegisterExportWriter.WriteTransaction(output, new CommittedTransaction(parsed[i].RawJson, commit));
        }

        var previous = DocketHasher.GenesisPreviousHash;
        var tree = new MerkleFrontier();
        for (var first = 0; first < transactionCount; first += docketSize)
        {
            var txIds = parsed.Skip(first).Take(docketSize).Select(p => p.TxIdBytes.ToArray()).ToList();
            var docket = DocketSealer.Seal(RegisterId, first / docketSize, first, txIds, previous, Start.AddSeconds(first + 1), registerKey.PrivateKey, tree);
            RegisterExportWriter.WriteDocket(output, docket);
            previous = docket.DocketHash;
        }

        return new SyntheticRegister { RegisterKey = registerKey, Submissions = submissions, Export = output.WrittenSpan.ToArray() };
    }

    /// <summary>A signed Ed25519 transaction of <paramref name="registerId"/> from <paramref name="key"/>'s wallet.</summary>
    public static string Transaction(string registerId, KeyPair key, int n)
    {
        var unsigned = $"{{\"registerId\":\"{registerId}\",\"sender\":\"{Addresses.FromPublicKey(SignatureAlgorithm.ED25519, key.PublicKey)}\"," +
            $"\"algorithm\":\"ED25519\",\"publicKey\":\"{Convert.ToBase64String(key.PublicKey)}\"," +
            $"\"payload\":{{\"n\":{n},\"text\":\"row {n}\"}},\"timestamp\":\"{LedgerTime.Format(Start.AddMilliseconds(n))}\"}}";
        using var document = JsonDocument.Parse(unsigned);
        var txId = SHA256.HashData(Jcs.Canonicalize(document.RootElement));
        return $"{unsigned[..^1]},\"signature\":\"{Convert.ToBase64String(Signatures.Sign(SignatureAlgorithm.ED25519, key.PrivateKey, txId))}\"}}";
    }
}
