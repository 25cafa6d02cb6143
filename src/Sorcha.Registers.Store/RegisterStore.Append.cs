using Sorcha.Ledger.Chain;
using Sorcha.Ledger.Formats;
using Sorcha.Ledger.Transactions;
using StackExchange.Redis;

namespace Sorcha.Registers.Store;

public sealed partial class RegisterStore
{
    /// <summary>How often an append recomputes after another writer moved the head before giving up.</summary>
    public const int MaxAppendAttempts = 64;

    /// <summary>
    /// Appends a batch of checked transactions of one register, atomically and idempotently (see
    /// <see cref="AppendScript"/>). Sequences and chain hashes are computed here against <paramref name="expected"/>
    /// (or the head read now); if another writer moved the head, they are recomputed against the head the script
    /// returns and the batch is sent again, so concurrent writers never fork, skip or lose a transaction.
    /// A txId seen twice — committed before or repeated in the batch — gets the first commit back. Each transaction's
    /// index entries (<see cref="TransactionIndex"/>) are written by the same script, so no read ever sees a transaction
    /// its indexes miss, or an entry without its transaction.
    /// </summary>
    public async Task<AppendOutcome> AppendAsync(string registerId, IReadOnlyList<IndexedTransaction> batch, AppendHead? expected = null)
    {
        if (!RegisterIds.IsValid(registerId))
        {
            return AppendOutcome.Unknown;
        }

        var head = expected;
        if (head is null)
        {
            // First append through this caller: reading the head also proves the register exists, before any index write.
            if (await GetStateAsync(registerId) is not { } state)
            {
                return await UnknownOrDeletedAsync(registerId);
            }

            head = new AppendHead(state.Height, state.ChainHash);
        }

        var results = new AppendedTransaction?[batch.Count];
        var firstIndexOf = new Dictionary<string, int>(batch.Count, StringComparer.Ordinal);
        var pending = new List<int>(batch.Count);
        for (var i = 0; i < batch.Count; i++)
        {
            if (firstIndexOf.TryAdd(batch[i].Transaction.TxId, i))
            {
                pending.Add(i);
            }
        }

        // The txId index is written ahead of the append. On one server both go down the one connection, which Redis
        // executes in order, so the append is sent without waiting for the index's answer first: one round trip per
        // commit instead of two. On a cluster they go to different nodes, so there the index is acknowledged first.
        // Asked before the index is sent, so that Redis being gone fails here without leaving that write unobserved.
        var cluster = IsCluster(registerId);
        var index = IndexLocationsAsync(registerId, [.. pending.Select(i => batch[i].Transaction.TxId)], cluster);
        if (cluster)
        {
            await index;
        }

        try
        {
            for (var attempt = 1; pending.Count > 0; attempt++)
            {
                if (attempt > MaxAppendAttempts)
                {
                    throw new AppendConflictException(registerId, MaxAppendAttempts);
                }

                var committedAt = LedgerTime.TruncateToMilliseconds(DateTimeOffset.UtcNow);
                var (jsons, newChainHash) = Build(batch, pending, head, committedAt);
                var (keys, arguments) = AppendCall(registerId, batch, pending, head, newChainHash, jsons);
                var reply = (RedisResult[])(await Db.ScriptEvaluateAsync(AppendScript.Source, keys, arguments))!;
                switch ((string)reply[0]!)
                {
                    case "unknown":
                        return await UnknownOrDeletedAsync(registerId);
                    case "archived":
                        return AppendOutcome.Archived;
                    case "moved":
                        head = new AppendHead((long)reply[1], (string)reply[2]!);
                        break;
                    case "duplicate":
                        await ResolveExistingAsync(registerId, reply, firstIndexOf, results);
                        pending.RemoveAll(i => results[i] is not null);
                        break;
                    case "ok":
                        for (var k = 0; k < pending.Count; k++)
                        {
                            results[pending[k]] = new AppendedTransaction(AppendStatus.Created, new StoredTransaction(head.Height + k, jsons[k]));
                        }

                        head = new AppendHead(head.Height + pending.Count, newChainHash);
                        pending.Clear();
                        // Tells the sealer there is work; fire-and-forget, as its periodic sweep catches a lost one.
                        _ = Db.SortedSetIncrementAsync(RegisterKeys.Unsealed, registerId, 1, CommandFlags.FireAndForget);
                        break;
                    default:
                        throw new InvalidOperationException($"Unexpected append reply '{reply[0]}'.");
                }
            }
        }
        finally
        {
            // A failed index write fails the commit, as when it was awaited first (a retry is idempotent by txId).
            await index;
        }

        await AwaitReplicasAsync(registerId, cluster);

        // Repeats inside the batch get the commit of their first occurrence, as a resubmission would.
        for (var i = 0; i < batch.Count; i++)
        {
            results[i] ??= results[firstIndexOf[batch[i].Transaction.TxId]]! with { Status = AppendStatus.Existing };
        }

        return new AppendOutcome(false, results!, head);
    }

    /// <summary>No meta: never created, or deleted (its tombstone says so; asked only on this path, which is rare).</summary>
    private async Task<AppendOutcome> UnknownOrDeletedAsync(string registerId) =>
        await Db.KeyExistsAsync(RegisterKeys.Tombstone(registerId)) ? AppendOutcome.Deleted : AppendOutcome.Unknown;

    /// <summary>Appends checked transactions, each indexed from its own JSON (<see cref="IndexedTransaction.Of"/>).</summary>
    public Task<AppendOutcome> AppendAsync(string registerId, IReadOnlyList<ParsedTransaction> batch, AppendHead? expected = null) =>
        AppendAsync(registerId, [.. batch.Select(IndexedTransaction.Of)], expected);

    private static (byte[][] Jsons, string NewChainHash) Build(
        IReadOnlyList<IndexedTransaction> batch, List<int> pending, AppendHead head, DateTimeOffset committedAt)
    {
        var jsons = new byte[pending.Count][];
        var chain = LowerHex.IsHash(head.ChainHash) ? Convert.FromHexString(head.ChainHash) : null;
        if (chain is null)
        {
            throw new InvalidOperationException($"The stored chain hash '{head.ChainHash}' is not 32 bytes of hex.");
        }

        for (var k = 0; k < pending.Count; k++)
        {
            var tx = batch[pending[k]].Transaction;
            ChainHash.Next(chain, tx.TxIdBytes.Span, chain);
            var commit = new CommitInfo(tx.TxId, head.Height + k, LowerHex.Encode(chain), null, committedAt);
            jsons[k] = CommittedTransactionJson.ToUtf8Bytes(tx.RawJson.Span, commit);
        }

        return (jsons, LowerHex.Encode(chain));
    }

    /// <summary>The script's keys and arguments (layout: <see cref="AppendScript"/>); sequences are the expected head's.</summary>
    private static (RedisKey[] Keys, RedisValue[] Arguments) AppendCall(string id, IReadOnlyList<IndexedTransaction> batch,
        List<int> pending, AppendHead head, string newChainHash, byte[][] jsons)
    {
        var indexes = new IndexBatch(id);
        var args = new List<RedisValue>(8 * pending.Count + 8) { head.Height, head.ChainHash, newChainHash, pending.Count };
        for (var k = 0; k < pending.Count; k++)
        {
            var (tx, index) = batch[pending[k]];
            args.Add(tx.TxId);
            args.Add(jsons[k]);
            indexes.Add(head.Height + k, index);
        }

        indexes.AddArguments(args);
        return ([RegisterKeys.Meta(id), RegisterKeys.Head(id), RegisterKeys.Transactions(id), RegisterKeys.TxIds(id),
            RegisterKeys.Sequences(id), RegisterKeys.Types(id), .. indexes.Keys], [.. args]);
    }

    private async Task ResolveExistingAsync(
        string registerId, RedisResult[] reply, Dictionary<string, int> firstIndexOf, AppendedTransaction?[] results)
    {
        for (var r = 1; r + 2 < reply.Length; r += 3)
        {
            var txId = (string)reply[r]!;
            var sequence = (long)reply[r + 1];
            var json = (byte[])reply[r + 2]!;
            var stored = await WithDocketNumberAsync(registerId, new StoredTransaction(sequence, json));
            results[firstIndexOf[txId]] = new AppendedTransaction(AppendStatus.Existing, stored);
        }
    }
}
