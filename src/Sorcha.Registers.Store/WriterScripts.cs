namespace Sorcha.Registers.Store;

/// <summary><see cref="WriterScripts.CanWrite"/>'s replies.</summary>
internal enum CanWriteReply
{
    Unknown = -1,
    Neither = 0,
    Owner = 1,
    Writer = 2,
}

/// <summary><see cref="WriterScripts.Change"/>'s replies.</summary>
internal enum ChangeReply
{
    Unknown = -1,
    NotOwner = 0,
    Done = 1,
}

/// <summary>
/// Write rights, each one atomic step so that a grant or revoke is checked against the owner it was decided on and a
/// commit's check sees one consistent state. KEYS: meta, writers (one register's slot).
/// </summary>
internal static class WriterScripts
{
    /// <summary>ARGV: subject → <see cref="CanWriteReply"/>.</summary>
    public static readonly string CanWrite = LuaReplies.Declare<CanWriteReply>() + """
        local meta, writers = KEYS[1], KEYS[2]
        local subject = ARGV[1]
        local owner = redis.call('HGET', meta, 'owner')
        if not owner then
          return Unknown
        end
        if owner == subject then
          return Owner
        end
        if redis.call('SISMEMBER', writers, subject) == 1 then
          return Writer
        end
        return Neither
        """;

    /// <summary>ARGV: caller, "grant"|"revoke", subject → <see cref="ChangeReply"/>.</summary>
    public static readonly string Change = LuaReplies.Declare<ChangeReply>() + """
        local meta, writers = KEYS[1], KEYS[2]
        local caller, change, subject = unpack(ARGV)
        local owner = redis.call('HGET', meta, 'owner')
        if not owner then
          return Unknown
        end
        if owner ~= caller then
          return NotOwner
        end
        if change == 'grant' then
          redis.call('SADD', writers, subject)
        else
          redis.call('SREM', writers, subject)
        end
        return Done
        """;
}
