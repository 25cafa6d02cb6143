using StackExchange.Redis;

namespace Sorcha.Registers.Store;

/// <summary>
/// What a batch of transactions adds to a register's indexes, grouped per index key (one ZADD each) and per type, as
/// the arguments of <see cref="IndexScripts.WriteIndexes"/>. The sequences are final: the script writes them only if
/// the head (append) or the backfill cursor is still where they were computed from.
/// </summary>
internal sealed class IndexBatch(string registerId)
{
    private readonly Dictionary<RedisKey, List<long>> _sequencesOf = [];
    private readonly Dictionary<string, long> _typeCounts = new(StringComparer.Ordinal);

    /// <summary>The index keys the batch adds to, in the order <see cref="AddArguments"/> writes their sequences.</summary>
    public IEnumerable<RedisKey> Keys => _sequencesOf.Keys;

    public void Add(long sequence, TransactionIndex index)
    {
        foreach (var key in KeysOf(index))
        {
            (_sequencesOf.TryGetValue(key, out var sequences) ? sequences : _sequencesOf[key] = []).Add(sequence);
        }

        if (index.Type is { } type)
        {
            _typeCounts[type] = _typeCounts.GetValueOrDefault(type) + 1;
        }
    }

    /// <summary>Per key its count and sequences, then the types with their counts, then maxTypes.</summary>
    public void AddArguments(List<RedisValue> args)
    {
        foreach (var sequences in _sequencesOf.Values)
        {
            args.Add(sequences.Count);
            args.AddRange(sequences.Select(s => (RedisValue)s));
        }

        args.Add(_typeCounts.Count);
        foreach (var (type, count) in _typeCounts)
        {
            args.Add(type);
            args.Add(count);
        }

        args.Add(TransactionIndex.MaxTypes);
    }

    private IEnumerable<RedisKey> KeysOf(TransactionIndex index)
    {
        foreach (var wallet in index.Wallets)
        {
            yield return RegisterKeys.ByWallet(registerId, wallet);
        }

        if (index.BlueprintId is { } blueprintId)
        {
            yield return RegisterKeys.ByBlueprint(registerId, blueprintId);
        }

        if (index.InstanceId is { } instanceId)
        {
            yield return RegisterKeys.ByInstance(registerId, instanceId);
        }
    }
}
