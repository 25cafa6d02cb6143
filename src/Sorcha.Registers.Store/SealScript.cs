namespace Sorcha.Registers.Store;

/// <summary>
/// Publishes one docket if, and only if, the sealer cursor is still where the sealer read it: a compare-and-set on
/// (sealed, dockets). Two sealers that raced on the same range both signed a docket, but only the first to arrive
/// is written; the other gets 0 and discards its copy, which was never visible to anyone.
/// <para>KEYS: head, dockets, docket-ends. ARGV: expectedSealed, expectedDockets (= the new docket's number),
/// newSealed (= lastSequence + 1), docket JSON, docketHash, treeFrontier (hex; the register tree after this docket).</para>
/// <para>Returns 1 when written, 0 when the cursor had moved.</para>
/// </summary>
internal static class SealScript
{
    public const string Source = """
        local head = redis.call('HMGET', KEYS[1], 'sealed', 'dockets', 'height')
        if head[1] ~= ARGV[1] or head[2] ~= ARGV[2] then
          return 0
        end
        if tonumber(ARGV[3]) > tonumber(head[3]) or tonumber(ARGV[3]) <= tonumber(ARGV[1]) then
          return redis.error_reply('docket range is outside the committed transactions')
        end
        redis.call('HSET', KEYS[2], ARGV[2], ARGV[4])
        redis.call('ZADD', KEYS[3], tonumber(ARGV[3]) - 1, ARGV[2])
        redis.call('HMSET', KEYS[1], 'sealed', ARGV[3], 'dockets', string.format('%d', tonumber(ARGV[2]) + 1),
          'lastDocketHash', ARGV[5], 'treeFrontier', ARGV[6])
        return 1
        """;

    /// <summary>Removes a register from the unsealed set only if no append bumped its counter since the sealer looked.</summary>
    public const string ForgetIfUnchanged = """
        if tonumber(redis.call('ZSCORE', KEYS[1], ARGV[1]) or '-1') == tonumber(ARGV[2]) then
          return redis.call('ZREM', KEYS[1], ARGV[1])
        end
        return 0
        """;
}
