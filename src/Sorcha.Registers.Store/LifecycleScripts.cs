namespace Sorcha.Registers.Store;

/// <summary>
/// The owner's changes to a register's life, each one atomic step in the register's slot, checked against the owner
/// and the state it finds (never against what the caller read before).
/// </summary>
internal static class LifecycleScripts
{
    /// <summary>
    /// KEYS meta. ARGV caller, name ('' keeps it), description mode ('keep' | 'set' | 'remove'), description.
    /// Returns -1 unknown register, 0 the caller is not the owner, 1 done.
    /// </summary>
    public const string Update = """
        local owner = redis.call('HGET', KEYS[1], 'owner')
        if not owner then return -1 end
        if owner ~= ARGV[1] then return 0 end
        if ARGV[2] ~= '' then redis.call('HSET', KEYS[1], 'name', ARGV[2]) end
        if ARGV[3] == 'set' then redis.call('HSET', KEYS[1], 'description', ARGV[4]) end
        if ARGV[3] == 'remove' then redis.call('HDEL', KEYS[1], 'description') end
        return 1
        """;

    /// <summary>
    /// KEYS meta, head. ARGV caller, now (ms). Sets state = archived in the head the append script reads, so every
    /// append is either wholly before this step (and in the height the final docket seals) or refused after it.
    /// Returns -1 unknown register, 0 not the owner, 1 archived now, 2 archived before (kept as it was).
    /// </summary>
    public const string Archive = """
        local owner = redis.call('HGET', KEYS[1], 'owner')
        if not owner then return -1 end
        if owner ~= ARGV[1] then return 0 end
        if redis.call('HGET', KEYS[2], 'state') == 'archived' then return 2 end
        redis.call('HSET', KEYS[2], 'state', 'archived', 'archivedAt', ARGV[2])
        return 1
        """;

    /// <summary>
    /// KEYS meta, head, tombstone. ARGV caller, expected height (the one the tombstone was signed at), tombstone JSON.
    /// Writes the tombstone and removes meta (with the sealed private key) and head in one step, only for an archived
    /// register whose every transaction is sealed at that height. From then on the register reads as gone and appends
    /// are refused as deleted; the rest of its keys are removed after (RegisterStore.DeleteAsync).
    /// Returns -2 deleted already, -1 unknown, 0 not the owner, 1 not archived, 2 not wholly sealed (or the height moved), 3 deleted.
    /// </summary>
    public const string Delete = """
        if redis.call('EXISTS', KEYS[3]) == 1 then return -2 end
        local owner = redis.call('HGET', KEYS[1], 'owner')
        if not owner then return -1 end
        if owner ~= ARGV[1] then return 0 end
        local head = redis.call('HMGET', KEYS[2], 'state', 'height', 'sealed')
        if head[1] ~= 'archived' then return 1 end
        if head[2] ~= ARGV[2] or head[3] ~= ARGV[2] then return 2 end
        redis.call('SET', KEYS[3], ARGV[3])
        redis.call('DEL', KEYS[1], KEYS[2])
        return 3
        """;
}
