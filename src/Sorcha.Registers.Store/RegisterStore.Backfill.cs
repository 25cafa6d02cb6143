using System.Text.Json;
using Sorcha.Ledger.Chain;
using StackExchange.Redis;

namespace Sorcha.Registers.Store;

/// <summary>
/// Indexing what a register held before the indexes existed. The append indexes from the first append after the
/// upgrade (the head's indexedFrom); the backfill indexes sequences 0..indexedFrom−1, a chunk per script, each a
/// compare-and-set on the head's backfilled cursor, so any number of Register processes may run it at once and each
/// range is counted once. Until it is done, filtered reads and stats answer 503 (they would be incomplete).
/// </summary>
public sealed partial class RegisterStore
{
    /// <summary>Stored transactions read and indexed per script.</summary>
    public const int BackfillChunk = 200;

    /// <summary>Whether every transaction of the register is indexed (false for an unknown register too).</summary>
    public async Task<bool> IsIndexedAsync(string registerId)
    {
        if (!RegisterIds.IsValid(registerId))
        {
            return false;
        }

        var head = await Db.HashGetAsync(RegisterKeys.Head(registerId), IndexFields);
        return !head[0].IsNull && IsIndexed((long)head[0], head[1], head[2]);
    }

    /// <summary>Indexes the register's transactions from before the indexes, in bounded chunks; returns how many it indexed.</summary>
    public async Task<long> BackfillIndexesAsync(string registerId, CancellationToken cancellationToken = default)
    {
        if (!RegisterIds.IsValid(registerId)
            || (await Db.ScriptEvaluateAsync(IndexScripts.BeginBackfill, [RegisterKeys.Head(registerId)])) is not { IsNull: false } begun)
        {
            return 0;
        }

        var cursor = (RedisResult[])begun!;
        var (end, done) = ((long)cursor[0], (long)cursor[1]);
        long indexed = 0;
        while (done < end)
        {
            cancellationToken.ThrowIfCancellationRequested();
            var count = (int)Math.Min(BackfillChunk, end - done);
            var jsons = await Db.HashGetAsync(RegisterKeys.Transactions(registerId),
                [.. Enumerable.Range(0, count).Select(i => (RedisValue)(done + i))]);
            var (keys, arguments) = BackfillCall(registerId, done, jsons);
            var reply = (RedisResult[])(await Db.ScriptEvaluateAsync(IndexScripts.Backfill, keys, arguments))!;
            if ((long)reply[0] == 1)
            {
                indexed += count;
            }

            done = (long)reply[1]; // another process's progress when it got there first
        }

        return indexed;
    }

    private static (RedisKey[] Keys, RedisValue[] Arguments) BackfillCall(string id, long first, RedisValue[] jsons)
    {
        var batch = new IndexBatch(id);
        for (var i = 0; i < jsons.Length; i++)
        {
            // A sequence missing or unreadable (a damaged store, which verify reports) adds nothing.
            if (jsons[i].IsNull || !CommittedTransactionReader.TryRead(((byte[])jsons[i]!).AsSpan(), out var committed, out _))
            {
                continue;
            }

            using var document = JsonDocument.Parse(committed.RawTransaction);
            batch.Add(first + i, TransactionIndex.Read(document.RootElement));
        }

        var args = new List<RedisValue> { first, first + jsons.Length };
        batch.AddArguments(args);
        return ([RegisterKeys.Head(id), RegisterKeys.Types(id), .. batch.Keys], [.. args]);
    }
}
