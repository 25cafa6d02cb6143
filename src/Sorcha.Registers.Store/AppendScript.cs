namespace Sorcha.Registers.Store;

/// <summary>
/// The one atomic step that appends a batch to a register and indexes it. Hashes, signatures, sequences and index
/// values are computed in .NET beforehand against the head the caller expects; the script only checks and writes, so
/// it stays short and never blocks Redis for long.
/// <para>KEYS: meta, head, tx, txid, seq, types, then the index keys the batch adds to (all in the register's slot).</para>
/// <para>ARGV: expectedHeight, expectedChainHash, newChainHash, n, then per entry txId, committed JSON — the JSON already
/// carries sequence expectedHeight + i and the chain hash that follows from the expected head; then for each index key
/// (KEYS[7], KEYS[8], …) the number of its new sequences and those sequences; then the number of types and per type its
/// name and how many of the batch carry it; then maxTypes (<see cref="TransactionIndex.MaxTypes"/>).</para>
/// <para>Returns one of:
/// <c>{"unknown"}</c> — no such register; nothing written.
/// <c>{"duplicate", txId, sequence, json, …}</c> — these txIds are committed already; nothing written (the caller
/// answers them with their first commit and retries the rest).
/// <c>{"archived"}</c> — the owner archived the register (checked in this step, after the duplicates, so a resubmission
/// of an earlier commit still gets it back); nothing written.
/// <c>{"moved", height, chainHash}</c> — the head is not the expected one (another writer got in first); nothing
/// written (the caller recomputes against the returned head and retries).
/// <c>{"ok", firstSequence}</c> — every entry written and indexed, the head moved to expectedHeight + n / newChainHash.</para>
/// <para>A register older than the indexes (no indexedFrom in its head) gets indexedFrom = its height before this
/// append: the sequences below are the backfill's (<see cref="IndexScripts"/>).</para>
/// </summary>
internal static class AppendScript
{
    // Few calls into Redis rather than one per field: a 1,000-item batch was 4,000 redis.call()s, now about a dozen
    // (HMGET / HMSET / ZADD over chunks of fields; the chunks keep unpack() well inside Lua's stack limit).
    public const string Source = """
        if redis.call('EXISTS', KEYS[1]) == 0 then
          return {'unknown'}
        end
        local unpack = unpack or table.unpack
        local n = tonumber(ARGV[4])
        local chunk = 500
        local duplicates = {'duplicate'}
        for first = 0, n - 1, chunk do
          local last = math.min(first + chunk, n) - 1
          local ids = {}
          for i = first, last do
            ids[#ids + 1] = ARGV[5 + 2 * i]
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
        local head = redis.call('HMGET', KEYS[2], 'height', 'chainHash', 'indexedFrom', 'state')
        if head[4] == 'archived' then
          return {'archived'}
        end
        if head[1] ~= ARGV[1] or head[2] ~= ARGV[2] then
          return {'moved', head[1] or '0', head[2] or ''}
        end
        local height = tonumber(head[1])
        for first = 0, n - 1, chunk do
          local last = math.min(first + chunk, n) - 1
          local txs, ids, seqs = {}, {}, {}
          for i = first, last do
            local seq = string.format('%d', height + i)
            local txId = ARGV[5 + 2 * i]
            txs[#txs + 1] = seq
            txs[#txs + 1] = ARGV[6 + 2 * i]
            ids[#ids + 1] = txId
            ids[#ids + 1] = seq
            seqs[#seqs + 1] = seq
            seqs[#seqs + 1] = txId
          end
          redis.call('HMSET', KEYS[3], unpack(txs))
          redis.call('HMSET', KEYS[4], unpack(ids))
          redis.call('HMSET', KEYS[5], unpack(seqs))
        end
        local p, firstKey, typesKey = 5 + 2 * n, 7, 6
        """ + "\n" + IndexScripts.WriteIndexes + "\n" + """
        if not head[3] then
          redis.call('HSET', KEYS[2], 'indexedFrom', head[1])
        end
        redis.call('HMSET', KEYS[2], 'height', string.format('%d', height + n), 'chainHash', ARGV[3])
        redis.call('HINCRBY', KEYS[2], 'indexEntries', entries)
        return {'ok', string.format('%d', height)}
        """;
}
