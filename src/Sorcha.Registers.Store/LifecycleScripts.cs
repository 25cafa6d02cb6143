namespace Sorcha.Registers.Store;

/// <summary><see cref="LifecycleScripts.Update"/>'s replies.</summary>
internal enum UpdateReply
{
    Unknown = -1,
    NotOwner = 0,
    Done = 1,
}

/// <summary><see cref="LifecycleScripts.Archive"/>'s replies.</summary>
internal enum ArchiveReply
{
    Unknown = -1,
    NotOwner = 0,
    Archived = 1,
    ArchivedBefore = 2,
}

/// <summary><see cref="LifecycleScripts.Delete"/>'s replies.</summary>
internal enum DeleteReply
{
    DeletedBefore = -2,
    Unknown = -1,
    NotOwner = 0,
    NotArchived = 1,
    NotSealed = 2,
    Deleted = 3,
}

/// <summary>
/// The owner's changes to a register's life, each one atomic step in the register's slot, checked against the owner
/// and the state it finds (never against what the caller read before). Each script names its arguments at its top and
/// returns its enum's members by name (declared into it by <see cref="LuaReplies"/>).
/// </summary>
internal static class LifecycleScripts
{
    /// <summary>
    /// KEYS meta. ARGV caller, name ('' keeps it), description mode ('keep' | 'set' | 'remove'), description →
    /// <see cref="UpdateReply"/>.
    /// </summary>
    public static readonly string Update = LuaReplies.Declare<UpdateReply>() + """
        local meta = KEYS[1]
        local caller, name, mode, description = unpack(ARGV)
        local owner = redis.call('HGET', meta, 'owner')
        if not owner then return Unknown end
        if owner ~= caller then return NotOwner end
        if name ~= '' then redis.call('HSET', meta, 'name', name) end
        if mode == 'set' then redis.call('HSET', meta, 'description', description) end
        if mode == 'remove' then redis.call('HDEL', meta, 'description') end
        return Done
        """;

    /// <summary>
    /// KEYS meta, head. ARGV caller, now (ms). Sets state = archived in the head the append script reads, so every
    /// append is either wholly before this step (and in the height the final docket seals) or refused after it.
    /// Returns <see cref="ArchiveReply"/> (archived before: kept as it was).
    /// </summary>
    public static readonly string Archive = LuaReplies.Declare<ArchiveReply>() + """
        local meta, head = KEYS[1], KEYS[2]
        local caller, nowMs = unpack(ARGV)
        local owner = redis.call('HGET', meta, 'owner')
        if not owner then return Unknown end
        if owner ~= caller then return NotOwner end
        if redis.call('HGET', head, 'state') == 'archived' then return ArchivedBefore end
        redis.call('HSET', head, 'state', 'archived', 'archivedAt', nowMs)
        return Archived
        """;

    /// <summary>
    /// KEYS meta, head, tombstone. ARGV caller, expected height (the one the tombstone was signed at), tombstone JSON.
    /// Writes the tombstone and removes meta (with the sealed private key) and head in one step, only for an archived
    /// register whose every transaction is sealed at that height. From then on the register reads as gone and appends
    /// are refused as deleted; the rest of its keys are removed after (RegisterStore.DeleteAsync).
    /// Returns <see cref="DeleteReply"/> (not sealed: not wholly, or the height moved).
    /// </summary>
    public static readonly string Delete = LuaReplies.Declare<DeleteReply>() + """
        local meta, head, tombstone = KEYS[1], KEYS[2], KEYS[3]
        local caller, height, tombstoneJson = unpack(ARGV)
        if redis.call('EXISTS', tombstone) == 1 then return DeletedBefore end
        local owner = redis.call('HGET', meta, 'owner')
        if not owner then return Unknown end
        if owner ~= caller then return NotOwner end
        local now = redis.call('HMGET', head, 'state', 'height', 'sealed')
        if now[1] ~= 'archived' then return NotArchived end
        if now[2] ~= height or now[3] ~= height then return NotSealed end
        redis.call('SET', tombstone, tombstoneJson)
        redis.call('DEL', meta, head)
        return Deleted
        """;
}
