using System.Text.Json;
using StackExchange.Redis;
using Sorcha.Blueprint.Engine.Model;

namespace Sorcha.Blueprint.Service.Blueprints;

/// <summary>
/// Owns the blueprint keys in Redis. <c>{bp:&lt;id&gt;}</c> is a hash: <c>record</c> (the JSON record), and copies of the
/// document's <c>version</c> and <c>published</c> flag that writes compare-and-set on (MULTI with WATCH conditions). <c>{bp-index}:created</c> is a sorted
/// set of ids scored by <c>{bp-index}:seq</c>, a counter, so listing follows creation order exactly, ties included.
/// Each aggregate has its own hash tag, so the layout works on Redis Cluster.
/// </summary>
public sealed class BlueprintStore(IConnectionMultiplexer redis)
{
    private const string RecordField = "record";
    private const string VersionField = "version";
    private const string PublishedField = "published";
    private static readonly RedisKey IndexKey = "{bp-index}:created";
    private static readonly RedisKey SequenceKey = "{bp-index}:seq";
    private static readonly JsonSerializerOptions Json = BlueprintJson.Options;

    private IDatabase Db => redis.GetDatabase();

    /// <summary>Stores a new blueprint (its id is fresh, so nothing can collide) and returns it with its listing sequence.</summary>
    public async Task<BlueprintRecord> CreateAsync(BlueprintRecord record)
    {
        var stored = record with { Sequence = await Db.StringIncrementAsync(SequenceKey) };
        await Db.HashSetAsync(Key(stored.Blueprint.Id), Fields(stored));
        await Db.SortedSetAddAsync(IndexKey, stored.Blueprint.Id, stored.Sequence);
        return stored;
    }

    public async Task<BlueprintRecord?> GetAsync(string id)
    {
        var value = await Db.HashGetAsync(Key(id), RecordField);
        return value.IsNull ? null : JsonSerializer.Deserialize<BlueprintRecord>((string)value!, Json);
    }

    public async Task<(IReadOnlyList<BlueprintRecord> Items, long Total)> ListAsync(long skip, int take)
    {
        var total = await Db.SortedSetLengthAsync(IndexKey);
        var ids = await Db.SortedSetRangeByRankAsync(IndexKey, skip, skip + take - 1);
        var records = await Task.WhenAll(ids.Select(id => GetAsync(id!)));
        return ([.. records.OfType<BlueprintRecord>()], total);
    }

    /// <summary>Writes <paramref name="next"/> only if the stored blueprint is still <paramref name="previous"/> (version and published flag).</summary>
    public async Task<bool> TryReplaceAsync(BlueprintRecord previous, BlueprintRecord next)
    {
        var key = Key(previous.Blueprint.Id);
        var transaction = Db.CreateTransaction();
        Unchanged(transaction, key, previous);
        _ = transaction.HashSetAsync(key, Fields(next));
        return await transaction.ExecuteAsync();
    }

    /// <summary>Deletes only if nobody changed the blueprint since it was read (a concurrent publish must not be lost).</summary>
    public async Task<bool> TryDeleteAsync(BlueprintRecord record)
    {
        var key = Key(record.Blueprint.Id);
        var transaction = Db.CreateTransaction();
        Unchanged(transaction, key, record);
        _ = transaction.KeyDeleteAsync(key);
        if (!await transaction.ExecuteAsync())
        {
            return false;
        }

        await Db.SortedSetRemoveAsync(IndexKey, record.Blueprint.Id);
        return true;
    }

    private static void Unchanged(ITransaction transaction, RedisKey key, BlueprintRecord record)
    {
        transaction.AddCondition(Condition.HashEqual(key, VersionField, record.Blueprint.Version));
        transaction.AddCondition(Condition.HashEqual(key, PublishedField, record.Blueprint.Published ? 1 : 0));
    }

    private static HashEntry[] Fields(BlueprintRecord record) =>
    [
        new(RecordField, JsonSerializer.Serialize(record, Json)),
        new(VersionField, record.Blueprint.Version),
        new(PublishedField, record.Blueprint.Published ? 1 : 0),
    ];

    private static RedisKey Key(string id) => $"{{bp:{id}}}";
}
