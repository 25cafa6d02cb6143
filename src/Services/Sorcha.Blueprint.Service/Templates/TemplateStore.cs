using System.Text.Json;
using StackExchange.Redis;

namespace Sorcha.Blueprint.Service.Templates;

/// <summary>Reads and writes templates in Redis; the key layout is <see cref="TemplateKeys"/> (one slot per owner).</summary>
public sealed class TemplateStore(IConnectionMultiplexer redis)
{
    private static readonly JsonSerializerOptions Json = new(JsonSerializerDefaults.Web);

    /// <summary>KEYS index, seq, template; ARGV id, quota (0: none), record JSON → 1 stored, 0 over the quota (nothing written).</summary>
    private const string CreateScript = """
        if tonumber(ARGV[2]) > 0 and redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
        redis.call('SET', KEYS[3], ARGV[3])
        redis.call('ZADD', KEYS[1], redis.call('INCR', KEYS[2]), ARGV[1])
        return 1
        """;

    /// <summary>KEYS index, template; ARGV id → 1 deleted, 0 not there.</summary>
    private const string DeleteScript = """
        redis.call('ZREM', KEYS[1], ARGV[1])
        return redis.call('DEL', KEYS[2])
        """;

    private IDatabase Db => redis.GetDatabase();

    /// <summary>Stores a new template if its owner keeps fewer than <paramref name="quota"/> (0: no quota); false when refused.</summary>
    public async Task<bool> CreateAsync(TemplateRecord record, long quota) =>
        (long)await Db.ScriptEvaluateAsync(CreateScript,
            [TemplateKeys.Index(record.Owner), TemplateKeys.Sequence(record.Owner), TemplateKeys.Template(record.Owner, record.Id)],
            [record.Id, quota, JsonSerializer.Serialize(record, Json)]) == 1;

    /// <summary>The owner's template, or null (unknown, or another caller's: each caller looks under its own keys).</summary>
    public async Task<TemplateRecord?> GetAsync(string owner, string id)
    {
        var value = await Db.StringGetAsync(TemplateKeys.Template(owner, id));
        return value.IsNull ? null : JsonSerializer.Deserialize<TemplateRecord>((string)value!, Json);
    }

    /// <summary>A page of the owner's templates in creation order, and how many it keeps.</summary>
    public async Task<(IReadOnlyList<TemplateRecord> Items, long Total)> ListAsync(string owner, long skip, int take)
    {
        var index = TemplateKeys.Index(owner);
        var total = await Db.SortedSetLengthAsync(index);
        var ids = await Db.SortedSetRangeByRankAsync(index, skip, skip + take - 1);
        if (ids.Length == 0)
        {
            return ([], total);
        }

        var values = await Db.StringGetAsync([.. ids.Select(id => TemplateKeys.Template(owner, id!))]);
        return ([.. values.Where(v => !v.IsNull).Select(v => JsonSerializer.Deserialize<TemplateRecord>((string)v!, Json)!)], total);
    }

    public async Task<bool> DeleteAsync(string owner, string id) =>
        (long)await Db.ScriptEvaluateAsync(DeleteScript, [TemplateKeys.Index(owner), TemplateKeys.Template(owner, id)], [id]) == 1;
}
