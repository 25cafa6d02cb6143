using System.Globalization;
using System.Text.Json;
using StackExchange.Redis;

namespace Sorcha.Blueprint.Service.Instances;

/// <summary>One instance as a page of the inbox or of a list shows it: read in the same script as the page's ids.</summary>
public sealed record IndexedInstance(InstanceRecord Record, string? NextActionId, string State, DateTimeOffset Since,
    DateTimeOffset UpdatedAt);

/// <summary>
/// Pages of the work indexes (<see cref="InstanceKeys.Inbox"/>, <see cref="InstanceKeys.List"/>), kept by
/// <see cref="InstanceStore"/>'s create and advance scripts. A page of several sets is their union (a caller's
/// wallets; an instance in two of them counts once); ids and the instances they name are read in one script, so a
/// page is one consistent moment: no item of it describes a step that had already moved on.
/// </summary>
public sealed class WorkIndex(IConnectionMultiplexer redis)
{
    /// <summary>Sets merged by one ZUNIONSTORE call (Lua's unpack is bounded); more are folded in chunk by chunk.</summary>
    private const int UnionChunk = 500;

    /// <summary>
    /// KEYS the sets, then a scratch key; ARGV first rank, last rank, newest first (1) or oldest (0), chunk, the
    /// instance keys' prefix → {total, {id, record, next, state, updatedAt, since}, ...}. Instance keys are named from
    /// the ids: they share the sets' hash tag, so the script stays in one slot on a cluster.
    /// </summary>
    private const string PageScript = """
        local n = #KEYS - 1
        local source = KEYS[1]
        if n > 1 then
            source = KEYS[#KEYS]
            local chunk = tonumber(ARGV[4])
            for first = 1, n, chunk do
                local last = math.min(first + chunk - 1, n)
                local sets = {}
                for i = first, last do sets[#sets + 1] = KEYS[i] end
                if first > 1 then sets[#sets + 1] = source end
                redis.call('ZUNIONSTORE', source, #sets, unpack(sets))
            end
        end
        local total = redis.call('ZCARD', source)
        local ids
        if ARGV[3] == '1' then
            ids = redis.call('ZREVRANGE', source, ARGV[1], ARGV[2], 'WITHSCORES')
        else
            ids = redis.call('ZRANGE', source, ARGV[1], ARGV[2], 'WITHSCORES')
        end
        if n > 1 then redis.call('DEL', source) end
        local page = {total}
        for i = 1, #ids, 2 do
            local fields = redis.call('HMGET', ARGV[5] .. ids[i], 'record', 'next', 'state', 'updatedAt', 'since')
            if fields[1] then
                page[#page + 1] = {ids[i], fields[1], fields[2] or '', fields[3] or 'open', fields[4] or '', fields[5] or ids[i + 1]}
            end
        end
        return page
        """;

    private static readonly JsonSerializerOptions Json = new(JsonSerializerDefaults.Web);

    private IDatabase Db => redis.GetDatabase();

    /// <summary>The open steps waiting for any of <paramref name="wallets"/>, oldest first.</summary>
    public Task<(IReadOnlyList<IndexedInstance> Items, long Total)> InboxAsync(IReadOnlyList<string> wallets, long skip, int take) =>
        PageAsync([.. wallets.Select(InstanceKeys.Inbox)], skip, take, newestFirst: false);

    /// <summary>The instances <paramref name="subject"/> created or any of <paramref name="wallets"/> is bound in, newest first.</summary>
    public Task<(IReadOnlyList<IndexedInstance> Items, long Total)> ListAsync(string subject, IReadOnlyList<string> wallets,
        string? state, string? blueprintId, long skip, int take) =>
        PageAsync([.. wallets.Select(InstanceKeys.Wallet).Prepend(InstanceKeys.Creator(subject))
            .Select(who => InstanceKeys.List(who, state, blueprintId))], skip, take, newestFirst: true);

    private async Task<(IReadOnlyList<IndexedInstance> Items, long Total)> PageAsync(RedisKey[] sets, long skip, int take, bool newestFirst)
    {
        if (sets.Length == 0)
        {
            return ([], 0);
        }

        var reply = (RedisResult[])(await Db.ScriptEvaluateAsync(PageScript, [.. sets, InstanceKeys.Scratch()],
            [skip, skip + take - 1, newestFirst ? 1 : 0, UnionChunk, (string)InstanceKeys.Instance("")!]))!;
        var items = new List<IndexedInstance>(reply.Length - 1);
        foreach (var row in reply.Skip(1).Select(r => (RedisResult[])r!))
        {
            var next = (string?)row[2];
            var updated = (string?)row[4];
            items.Add(new IndexedInstance(
                JsonSerializer.Deserialize<InstanceRecord>((string)row[1]!, Json)!,
                string.IsNullOrEmpty(next) ? null : next,
                (string)row[3]!,
                DateTimeOffset.FromUnixTimeMilliseconds((long)double.Parse((string)row[5]!, CultureInfo.InvariantCulture)),
                string.IsNullOrEmpty(updated) ? default : DateTimeOffset.Parse(updated, CultureInfo.InvariantCulture)));
        }

        return (items, (long)reply[0]);
    }
}
