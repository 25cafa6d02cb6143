using System.Text.Json;
using StackExchange.Redis;

namespace Sorcha.Registers.Store;

/// <summary>
/// Filtered reads and stats, served from the indexes the append writes (<see cref="AppendScript"/>): one sorted set of
/// sequences per wallet, blueprintId and instanceId, and a count per type. A read never scans the register.
/// </summary>
public sealed partial class RegisterStore
{
    /// <summary>Sequences a combined filter reads from its smallest index per round trip.</summary>
    public const int IntersectChunk = 1000;

    private static readonly RedisValue[] IndexFields = ["height", "indexedFrom", "backfilled"];

    /// <summary>
    /// Page <paramref name="skip"/>/<paramref name="take"/> of the transactions every filter of <paramref name="filter"/>
    /// matches, in sequence order, with their exact count. One filter: a count and a range of its index. Several: the
    /// smallest index is walked in chunks and each sequence looked up in the others, so the work is that index's size
    /// times the filters, refused (<see cref="FilterOutcome.OverBudget"/>) when it holds more than <paramref name="budget"/>.
    /// </summary>
    public async Task<FilteredTransactions> FindTransactionsAsync(string registerId, TransactionFilter filter, long skip, int take, long budget)
    {
        if (!RegisterIds.IsValid(registerId) || filter.IsEmpty)
        {
            return FilteredTransactions.Refused(FilterOutcome.UnknownRegister);
        }

        var head = await Db.HashGetAsync(RegisterKeys.Head(registerId), IndexFields);
        if (head[0].IsNull)
        {
            return FilteredTransactions.Refused(FilterOutcome.UnknownRegister);
        }

        var height = (long)head[0];
        if (!IsIndexed(height, head[1], head[2]))
        {
            return FilteredTransactions.Refused(FilterOutcome.NotIndexed);
        }

        var keys = filter.Keys(registerId);
        var counts = await Task.WhenAll(keys.Select(k => Db.SortedSetLengthAsync(k, 0, height - 1)));
        var smallest = Enumerable.Range(0, keys.Count).MinBy(i => counts[i]);
        if (keys.Count == 1 || counts[smallest] == 0)
        {
            // The entries below the height are a prefix of the set (scored by sequence), so ranks page them directly.
            var total = counts[smallest];
            var page = skip < total
                ? await Db.SortedSetRangeByRankAsync(keys[smallest], skip, Math.Min(skip + take, total) - 1)
                : [];
            return new FilteredTransactions(FilterOutcome.Found, await GetTransactionsAtAsync(registerId, [.. page.Select(s => (long)s)]),
                total, height, counts[smallest]);
        }

        if (counts[smallest] > budget)
        {
            return FilteredTransactions.Refused(FilterOutcome.OverBudget, counts[smallest]);
        }

        var (sequences, matches) = await IntersectAsync(keys, smallest, height, skip, take);
        return new FilteredTransactions(FilterOutcome.Found, await GetTransactionsAtAsync(registerId, sequences), matches, height, counts[smallest]);
    }

    /// <summary>The stats in one atomic step (<see cref="IndexScripts.Stats"/>); null for an unknown register.</summary>
    public async Task<RegisterCounts?> GetStatsAsync(string registerId)
    {
        if (!RegisterIds.IsValid(registerId))
        {
            return null;
        }

        var reply = await Db.ScriptEvaluateAsync(IndexScripts.Stats,
            [RegisterKeys.Head(registerId), RegisterKeys.Types(registerId), RegisterKeys.Dockets(registerId)]);
        if (reply.IsNull)
        {
            return null;
        }

        var v = (RedisResult[])reply!;
        var byType = new SortedDictionary<string, long>(StringComparer.Ordinal);
        for (var i = 5; i + 1 < v.Length; i += 2)
        {
            byType[(string)v[i]!] = (long)v[i + 1];
        }

        var height = (long)v[0];
        string? lastSealedAt = null;
        if (!v[4].IsNull)
        {
            using var docket = JsonDocument.Parse((byte[])v[4]!);
            lastSealedAt = docket.RootElement.GetProperty("sealedAt").GetString();
        }

        return new RegisterCounts(height, (long)v[1], lastSealedAt, byType, IsIndexed(height, (RedisValue)v[2], (RedisValue)v[3]));
    }

    /// <summary>
    /// Whether every transaction below the height is indexed: the backfill has reached the first sequence the append
    /// indexed. A register older than the indexes with nothing in it has nothing to index.
    /// </summary>
    private static bool IsIndexed(long height, RedisValue indexedFrom, RedisValue backfilled) =>
        indexedFrom.IsNull ? height == 0 : (backfilled.IsNull ? 0 : (long)backfilled) >= (long)indexedFrom;

    /// <summary>
    /// Walks the smallest index below the height in chunks, keeping the sequences every other index holds: the page's
    /// sequences and the number of matches.
    /// </summary>
    private async Task<(long[] Page, long Matches)> IntersectAsync(IReadOnlyList<RedisKey> keys, int smallest, long height, long skip, int take)
    {
        var others = keys.Where((_, i) => i != smallest).ToArray();
        var page = new List<long>(take);
        long matches = 0;
        double after = double.NegativeInfinity;
        while (true)
        {
            var chunk = await Db.SortedSetRangeByScoreAsync(keys[smallest], after, height - 1, Exclude.Start, take: IntersectChunk);
            if (chunk.Length == 0)
            {
                return ([.. page], matches);
            }

            var scores = await Task.WhenAll(others.Select(k => Db.SortedSetScoresAsync(k, chunk)));
            for (var i = 0; i < chunk.Length; i++)
            {
                if (scores.All(s => s[i] is not null) && matches++ >= skip && page.Count < take)
                {
                    page.Add((long)chunk[i]);
                }
            }

            after = (long)chunk[^1];
        }
    }

    /// <summary>The transactions at these sequences (ascending), each with its docket number once sealed.</summary>
    private async Task<IReadOnlyList<StoredTransaction>> GetTransactionsAtAsync(string registerId, long[] sequences)
    {
        if (sequences.Length == 0)
        {
            return [];
        }

        var jsonsTask = Db.HashGetAsync(RegisterKeys.Transactions(registerId), [.. sequences.Select(s => (RedisValue)s)]);
        var dockets = await Task.WhenAll(sequences.Select(s => CoveringDocketsAsync(registerId, s, 1, long.MaxValue)));
        var jsons = await jsonsTask;
        var items = new List<StoredTransaction>(sequences.Length);
        for (var i = 0; i < sequences.Length && !jsons[i].IsNull; i++)
        {
            items.Add(WithDocketNumber(new StoredTransaction(sequences[i], (byte[])jsons[i]!), dockets[i][0]));
        }

        return items;
    }
}
