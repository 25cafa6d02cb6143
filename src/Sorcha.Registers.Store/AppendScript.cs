namespace Sorcha.Registers.Store;

/// <summary>
/// The one atomic step that appends a batch to a register. Hashes and signatures are computed in .NET beforehand
/// against the head the caller expects; the script only checks and writes, so it stays short and never blocks Redis
/// for long.
/// <para>KEYS: meta, head, tx, txid, seq (all in the register's slot).</para>
/// <para>ARGV: expectedHeight, expectedChainHash, newChainHash, then per entry txId, committed JSON — the JSON already
/// carries sequence expectedHeight + i and the chain hash that follows from the expected head.</para>
/// <para>Returns one of:
/// <c>{"unknown"}</c> — no such register; nothing written.
/// <c>{"duplicate", txId, sequence, json, …}</c> — these txIds are committed already; nothing written (the caller
/// answers them with their first commit and retries the rest).
/// <c>{"moved", height, chainHash}</c> — the head is not the expected one (another writer got in first); nothing
/// written (the caller recomputes against the returned head and retries).
/// <c>{"ok", firstSequence}</c> — every entry written, the head moved to expectedHeight + n / newChainHash.</para>
/// </summary>
internal static class AppendScript
{
    // Few calls into Redis rather than one per field: a 1,000-item batch was 4,000 redis.call()s, now about a dozen
    // (HMGET / HMSET over chunks of fields; the chunks keep unpack() well inside Lua's stack limit).
    public const string Source = """
        if redis.call('EXISTS', KEYS[1]) == 0 then
          return {'unknown'}
        end
        local unpack = unpack or table.unpack
        local n = (#ARGV - 3) / 2
        local chunk = 500
        local duplicates = {'duplicate'}
        for first = 0, n - 1, chunk do
          local last = math.min(first + chunk, n) - 1
          local ids = {}
          for i = first, last do
            ids[#ids + 1] = ARGV[4 + 2 * i]
          end
          local seqs = redis.call('HMGET', KEYS[4], unpack(ids))
          for k = 1, #ids do
            if seqs[k] then
              duplicates[#duplicates + 1] = ids[k]
              duplicates[#duplicates + 1] = seqs[k]
              duplicates[#duplicates + 1] = redis.call('HGET', KEYS[3], seqs[k])
            end
          end
        end
        if #duplicates > 1 then
          return duplicates
        end
        local head = redis.call('HMGET', KEYS[2], 'height', 'chainHash')
        if head[1] ~= ARGV[1] or head[2] ~= ARGV[2] then
          return {'moved', head[1] or '0', head[2] or ''}
        end
        local height = tonumber(head[1])
        for first = 0, n - 1, chunk do
          local last = math.min(first + chunk, n) - 1
          local txs, ids, seqs = {}, {}, {}
          for i = first, last do
            local seq = string.format('%d', height + i)
            local txId = ARGV[4 + 2 * i]
            txs[#txs + 1] = seq
            txs[#txs + 1] = ARGV[5 + 2 * i]
            ids[#ids + 1] = txId
            ids[#ids + 1] = seq
            seqs[#seqs + 1] = seq
            seqs[#seqs + 1] = txId
          end
          redis.call('HMSET', KEYS[3], unpack(txs))
          redis.call('HMSET', KEYS[4], unpack(ids))
          redis.call('HMSET', KEYS[5], unpack(seqs))
        end
        redis.call('HMSET', KEYS[2], 'height', string.format('%d', height + n), 'chainHash', ARGV[3])
        return {'ok', string.format('%d', height)}
        """;
}
