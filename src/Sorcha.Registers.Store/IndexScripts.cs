namespace Sorcha.Registers.Store;

/// <summary>
/// The index writes the append and the backfill share, and the backfill's own steps. Index values are decided in .NET
/// (<see cref="TransactionIndex"/>); the scripts only add sequences to sorted sets and counts to the types hash.
/// </summary>
internal static class IndexScripts
{
    /// <summary>
    /// Lua that expects locals <c>p</c> (the ARGV position of the first index key's count), <c>firstKey</c> (the KEYS
    /// position of the first index key), <c>typesKey</c> and <c>chunk</c>; ARGV from <c>p</c>: per index key its count and
    /// sequences, then the number of types and per type its name and increment, then maxTypes. Leaves the number of
    /// sorted-set entries written in <c>entries</c>.
    /// </summary>
    public const string WriteIndexes = """
        local entries = 0
        for k = firstKey, #KEYS do
          local count = tonumber(ARGV[p])
          for first = 0, count - 1, chunk do
            local members = {}
            for i = first, math.min(first + chunk, count) - 1 do
              members[#members + 1] = ARGV[p + 1 + i]
              members[#members + 1] = ARGV[p + 1 + i]
            end
            redis.call('ZADD', KEYS[k], unpack(members))
          end
          p = p + 1 + count
          entries = entries + count
        end
        local types = tonumber(ARGV[p])
        local maxTypes = tonumber(ARGV[p + 1 + 2 * types])
        for t = 0, types - 1 do
          local name = ARGV[p + 1 + 2 * t]
          if redis.call('HEXISTS', KEYS[typesKey], name) == 1 or redis.call('HLEN', KEYS[typesKey]) < maxTypes then
            redis.call('HINCRBY', KEYS[typesKey], name, ARGV[p + 2 + 2 * t])
          end
        end
        """;

    /// <summary>
    /// KEYS head. Starts (or resumes) a backfill: a register older than the indexes gets indexedFrom = its height, so
    /// that appends from now on are the append's and the sequences below are the backfill's. Returns {indexedFrom,
    /// backfilled}, or nil for an unknown register.
    /// </summary>
    public const string BeginBackfill = """
        local head = redis.call('HMGET', KEYS[1], 'height', 'indexedFrom', 'backfilled')
        if not head[1] then
          return false
        end
        if not head[2] then
          redis.call('HSET', KEYS[1], 'indexedFrom', head[1])
          head[2] = head[1]
        end
        return {head[2], head[3] or '0'}
        """;

    /// <summary>
    /// KEYS head, types, then index keys; ARGV expectedBackfilled, newBackfilled, then <see cref="WriteIndexes"/>'s.
    /// A compare-and-set on the backfill cursor (the type counts are increments, so a range must be counted once however
    /// many Register processes backfill): {1, newBackfilled} when written, {0, backfilled} when another got there first.
    /// </summary>
    public const string Backfill = """
        local unpack = unpack or table.unpack
        local done = redis.call('HGET', KEYS[1], 'backfilled') or '0'
        if done ~= ARGV[1] then
          return {0, done}
        end
        local p, firstKey, typesKey, chunk = 3, 3, 2, 500
        """ + "\n" + WriteIndexes + "\n" + """
        redis.call('HSET', KEYS[1], 'backfilled', ARGV[2])
        redis.call('HINCRBY', KEYS[1], 'indexEntries', entries)
        return {1, ARGV[2]}
        """;

    /// <summary>
    /// KEYS head, types, dockets. The stats in one atomic step, so the counts are those of the height they come with:
    /// {height, dockets, indexedFrom or false, backfilled or '0', the last docket's JSON or false, type, count, …}.
    /// </summary>
    public const string Stats = """
        local head = redis.call('HMGET', KEYS[1], 'height', 'dockets', 'indexedFrom', 'backfilled')
        if not head[1] then
          return false
        end
        local last = false
        if tonumber(head[2]) > 0 then
          last = redis.call('HGET', KEYS[3], string.format('%d', tonumber(head[2]) - 1))
        end
        local reply = {head[1], head[2], head[3] or false, head[4] or '0', last}
        local types = redis.call('HGETALL', KEYS[2])
        for i = 1, #types do
          reply[#reply + 1] = types[i]
        end
        return reply
        """;
}
