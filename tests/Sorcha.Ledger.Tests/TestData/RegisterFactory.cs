using Sorcha.Cryptography;
using Sorcha.Ledger.Chain;
using Sorcha.Ledger.Dockets;
using Sorcha.Ledger.Formats;

namespace Sorcha.Ledger.Tests.TestData;

/// <summary>Generates a valid register the way the Transaction and Register services build one.</summary>
internal static class RegisterFactory
{
    private static readonly Lazy<BuiltRegister> Standard = new(() => Build(1050, 100));

    /// <summary>1,050 Ed25519 transactions in 11 dockets (10 of 100, the last of 50), shared by the tests.</summary>
    public static BuiltRegister Default => Standard.Value;

    public static readonly DateTimeOffset Start = new(2025, 3, 1, 12, 0, 0, TimeSpan.Zero);

    /// <param name="legacyDockets">Dockets sealed the way they were before register trees (no treeSize/treeRoot) up to this number.</param>
    public static BuiltRegister Build(int transactionCount, int docketSize, int sealedTransactions = -1, Func<int, SignatureAlgorithm>? algorithmOf = null,
        int legacyDockets = 0)
    {
        sealedTransactions = sealedTransactions < 0 ? transactionCount : sealedTransactions;
        var key = TestKeys.Register;
        var parsed = new List<(byte[] Raw, byte[] TxId, string ChainHash)>();
        var chain = ChainHash.Genesis.ToArray();
        for (var i = 0; i < transactionCount; i++)
        {
            var algorithm = algorithmOf?.Invoke(i) ?? SignatureAlgorithm.ED25519;
            var json = TransactionFactory.Create(algorithm, $$"""{"n":{{i}},"text":"row {{i}}"}""", timestamp: LedgerTime.Format(Start.AddMilliseconds(i)));
            var transaction = TransactionFactory.Parse(json);
            chain = ChainHash.Next(chain, transaction.TxIdBytes.Span);
            parsed.Add((transaction.RawJson.ToArray(), transaction.TxIdBytes.ToArray(), LowerHex.Encode(chain)));
        }

        var dockets = new List<Docket>();
        var previous = DocketHasher.GenesisPreviousHash;
        var tree = new MerkleFrontier();
        for (var first = 0; first < sealedTransactions; first += docketSize)
        {
            var txIds = parsed.Skip(first).Take(Math.Min(docketSize, sealedTransactions - first)).Select(p => p.TxId).ToList();
            Docket docket;
            if (dockets.Count < legacyDockets)
            {
                docket = LegacyDockets.Seal(TransactionFactory.RegisterId, dockets.Count, first, txIds, previous, Start.AddSeconds(dockets.Count + 1),
                    key.PrivateKey);
                tree.AppendAll(txIds); // the sealer rebuilds the tree from the stored txIds at the first docket after
            }
            else
            {
                docket = DocketSealer.Seal(TransactionFactory.RegisterId, dockets.Count, first, txIds, previous, Start.AddSeconds(dockets.Count + 1),
                    key.PrivateKey, tree);
            }

            dockets.Add(docket);
            previous = docket.DocketHash;
        }

        var transactions = parsed.Select((p, i) => new CommittedTransaction(
            p.Raw,
            new CommitInfo(LowerHex.Encode(p.TxId), i, p.ChainHash, i < sealedTransactions ? i / docketSize : null, Start.AddMilliseconds(i + 5)))).ToList();
        return new BuiltRegister(TransactionFactory.RegisterId, key, transactions, dockets);
    }

    /// <summary>Re-hashes and re-signs a docket after a field was changed, as a forger holding the register key would.</summary>
    public static Docket Resign(Docket docket, KeyPair key)
    {
        var hash = DocketHasher.Hash(docket);
        return docket with
        {
            DocketHash = LowerHex.Encode(hash),
            Signature = Convert.ToBase64String(Signatures.Sign(SignatureAlgorithm.ED25519, key.PrivateKey, hash)),
        };
    }
}
