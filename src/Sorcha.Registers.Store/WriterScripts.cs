namespace Sorcha.Registers.Store;

/// <summary>
/// Write rights, each one atomic step so that a grant or revoke is checked against the owner it was decided on and a
/// commit's check sees one consistent state. KEYS: meta, writers (one register's slot).
/// </summary>
internal static class WriterScripts
{
    /// <summary>ARGV: subject. Returns -1 unknown register, 0 neither owner nor writer, 1 owner, 2 writer.</summary>
    public const string CanWrite = """
        local owner = redis.call('HGET', KEYS[1], 'owner')
        if not owner then
          return -1
        end
        if owner == ARGV[1] then
          return 1
        end
        if redis.call('SISMEMBER', KEYS[2], ARGV[1]) == 1 then
          return 2
        end
        return 0
        """;

    /// <summary>ARGV: caller, "grant"|"revoke", subject. Returns -1 unknown register, 0 the caller is not the owner, 1 done.</summary>
    public const string Change = """
        local owner = redis.call('HGET', KEYS[1], 'owner')
        if not owner then
          return -1
        end
        if owner ~= ARGV[1] then
          return 0
        end
        if ARGV[2] == 'grant' then
          redis.call('SADD', KEYS[2], ARGV[3])
        else
          redis.call('SREM', KEYS[2], ARGV[3])
        end
        return 1
        """;
}
