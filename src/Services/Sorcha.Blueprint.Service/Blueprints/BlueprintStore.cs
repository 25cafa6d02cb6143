using System.Text.Json;
using Sorcha.ApiPlatform.Memory;
using Sorcha.Blueprint.Engine;
using Sorcha.Contracts.Blueprints;
using StackExchange.Redis;
using Sorcha.Blueprint.Engine.Json;

namespace Sorcha.Blueprint.Service.Blueprints;

/// <summary>
/// Reads and writes blueprints in Redis; the key layout is <see cref="BlueprintKeys"/>. Creating, updating and deleting
/// also keep the owner's quota account (BlueprintStore.Quota.cs).
/// <para>The document (draft or published) is read from Redis: it may be edited or deleted; only the execution helpers
/// take it from a short lease (BlueprintStore.Current.cs). A published version never changes (BlueprintStore.Versions.cs),
/// so once read it is kept in memory (<see cref="MaxRemembered"/> at most) and every action of its instances loads it
/// without a Redis round trip or a JSON parse.</para>
/// </summary>
public sealed partial class BlueprintStore(IConnectionMultiplexer redis)
{
    private const string RecordField = "record";
    private const string VersionField = "version";
    private const string PublishedField = "published";
    private static readonly JsonSerializerOptions Json = BlueprintJson.Options;

    /// <summary>Published versions kept in memory at most; when full the set is simply emptied (re-reading is cheap).</summary>
    public const int MaxRemembered = 1024;

    private readonly BoundedMap<(string Id, int Version), BlueprintRecord> _versions = new(MaxRemembered);

    private IDatabase Db => redis.GetDatabase();

    /// <summary>
    /// Stores a new blueprint (its id is fresh, so nothing can collide) if its owner has room for it under both quotas
    /// (0: none); the outcome carries it with its listing sequence. A refused one writes nothing but a skipped sequence.
    /// </summary>
    public async Task<BlueprintWrite> CreateAsync(BlueprintRecord record, long countQuota, long bytesQuota)
    {
        // The reservation and the sequence go out together (one round trip); a refusal leaves a gap in the sequence only.
        var bytes = Charge(record.Blueprint);
        BlueprintRecord stored;
        try
        {
            var reserving = ReserveAsync(record, bytes, countQuota, bytesQuota);
            var sequencing = Db.StringIncrementAsync(BlueprintKeys.Sequence);
            var (reserved, sequence) = (await reserving, await sequencing);
            if (reserved is not BlueprintOutcome.Written)
            {
                return new(reserved, bytes);
            }

            stored = record with { Sequence = sequence };
            await Db.HashSetAsync(BlueprintKeys.Blueprint(stored.Blueprint.Id), Fields(stored));
        }
        catch (Exception e) when (e is RedisException or TimeoutException)
        {
            await SettleToStoredAsync(record.Owner, record.Blueprint.Id, bestEffort: true);
            throw;
        }

        await Db.SortedSetAddAsync(BlueprintKeys.Index, stored.Blueprint.Id, stored.Sequence);
        return new(BlueprintOutcome.Written, bytes, stored);
    }

    /// <summary>The blueprint as it is now (the latest draft or publish), from Redis.</summary>
    public async ValueTask<BlueprintRecord?> GetAsync(string id)
    {
        var value = await Db.HashGetAsync(BlueprintKeys.Blueprint(id), RecordField);
        return value.IsNull ? null : JsonSerializer.Deserialize<BlueprintRecord>((string)value!, Json);
    }

    private BlueprintRecord Remember(BlueprintRecord record) =>
        Remember(record, r => _versions.TryAdd((r.Blueprint.Id, r.Blueprint.Version), r));

    /// <summary>
    /// Prepares a record for sharing and keeps it. Its JsonNodes build their children lazily on first read, which is
    /// not safe from two threads at once, so they are all built here, before the record is shared.
    /// </summary>
    private static BlueprintRecord Remember(BlueprintRecord record, Action<BlueprintRecord> keep)
    {
        foreach (var action in record.Blueprint.Actions)
        {
            JsonNodes.Materialise(action.DataSchema);
            JsonNodes.Materialise(action.Calculations);
            foreach (var route in action.Routes ?? [])
            {
                JsonNodes.Materialise(route.Condition);
            }
        }

        keep(record);
        return record;
    }

    public async Task<(IReadOnlyList<BlueprintRecord> Items, long Total)> ListAsync(long skip, int take)
    {
        var total = await Db.SortedSetLengthAsync(BlueprintKeys.Index);
        var ids = await Db.SortedSetRangeByRankAsync(BlueprintKeys.Index, skip, skip + take - 1);
        var records = await Task.WhenAll(ids.Select(id => GetAsync(id!).AsTask()));
        return ([.. records.OfType<BlueprintRecord>()], total);
    }

    /// <summary>
    /// Writes <paramref name="next"/> only if the stored blueprint is still <paramref name="previous"/> (version and
    /// published flag), without touching the quota account (publishing; an edit goes through <see cref="TryUpdateAsync"/>).
    /// </summary>
    public async Task<bool> TryReplaceAsync(BlueprintRecord previous, BlueprintRecord next)
    {
        var key = BlueprintKeys.Blueprint(previous.Blueprint.Id);
        var transaction = Db.CreateTransaction();
        Unchanged(transaction, key, previous);
        KeepUnfrozenVersion(transaction, previous);
        _ = transaction.HashSetAsync(key, Fields(next));
        var leased = transaction.KeyTimeToLiveAsync(BlueprintKeys.Leased(previous.Blueprint.Id));
        if (!await transaction.ExecuteAsync())
        {
            return false;
        }

        await OutwaitLeasesAsync(previous.Blueprint.Id, await leased);
        return true;
    }

    /// <summary>Deletes only if nobody changed the blueprint since it was read (a concurrent publish must not be lost).</summary>
    public async Task<bool> TryDeleteAsync(BlueprintRecord record)
    {
        var key = BlueprintKeys.Blueprint(record.Blueprint.Id);
        var transaction = Db.CreateTransaction();
        Unchanged(transaction, key, record);
        KeepUnfrozenVersion(transaction, record);
        _ = transaction.KeyDeleteAsync(key);
        var leased = transaction.KeyTimeToLiveAsync(BlueprintKeys.Leased(record.Blueprint.Id));
        if (!await transaction.ExecuteAsync())
        {
            return false;
        }

        await OutwaitLeasesAsync(record.Blueprint.Id, await leased);
        await Db.SortedSetRemoveAsync(BlueprintKeys.Index, record.Blueprint.Id);
        await ReleaseAsync(record.Owner, record.Blueprint.Id);
        return true;
    }

    private static void Unchanged(ITransaction transaction, RedisKey key, BlueprintRecord record)
    {
        transaction.AddCondition(Condition.HashEqual(key, VersionField, record.Blueprint.Version));
        transaction.AddCondition(Condition.HashEqual(key, PublishedField, record.Blueprint.Published ? 1 : 0));
    }

    /// <summary>
    /// A blueprint published before versions were kept has its one version only as its document: it is frozen in the
    /// step that edits or deletes that document, so its instances keep running on it.
    /// </summary>
    private static void KeepUnfrozenVersion(ITransaction transaction, BlueprintRecord record)
    {
        if (record is { Blueprint.Published: true, PublishedVersion: null, PublishedAt: { } at })
        {
            var (id, version) = (record.Blueprint.Id, record.Blueprint.Version);
            _ = transaction.StringSetAsync(BlueprintKeys.Version(id, version), JsonSerializer.Serialize(record, Json), when: When.NotExists);
            _ = transaction.SortedSetAddAsync(BlueprintKeys.Versions(id), JsonSerializer.Serialize(new BlueprintVersionEntry(version, at), Json), version);
        }
    }

    private static HashEntry[] Fields(BlueprintRecord record) =>
    [
        new(RecordField, JsonSerializer.Serialize(record, Json)),
        new(VersionField, record.Blueprint.Version),
        new(PublishedField, record.Blueprint.Published ? 1 : 0),
    ];
}
