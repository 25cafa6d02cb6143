using System.Runtime.CompilerServices;
using Sorcha.Ledger.Chain;
using Sorcha.Ledger.Formats;
using StackExchange.Redis;

namespace Sorcha.Registers.Store;

public sealed partial class RegisterStore
{
    /// <summary>Transactions read per Redis round trip when streaming a whole register.</summary>
    public const int StreamChunk = 1000;

    public async Task<StoredTransaction?> GetTransactionAsync(string registerId, string txId)
    {
        if (!RegisterIds.IsValid(registerId) || !LowerHex.IsHash(txId))
        {
            return null;
        }

        var sequence = await Db.HashGetAsync(RegisterKeys.TxIds(registerId), txId);
        if (sequence.IsNull)
        {
            return null;
        }

        var json = await Db.HashGetAsync(RegisterKeys.Transactions(registerId), sequence);
        return json.IsNull ? null : await WithDocketNumberAsync(registerId, new StoredTransaction((long)sequence, (byte[])json!));
    }

    /// <summary>The committed transactions with sequences first..first+count−1 that exist, in order.</summary>
    public Task<IReadOnlyList<StoredTransaction>> GetTransactionsAsync(string registerId, long first, int count) =>
        GetTransactionsAsync(registerId, first, count, long.MaxValue);

    /// <param name="height">Only dockets ending below this sequence are named in <c>docketNumber</c> (a snapshot's dockets).</param>
    private async Task<IReadOnlyList<StoredTransaction>> GetTransactionsAsync(string registerId, long first, int count, long height)
    {
        if (count <= 0 || !RegisterIds.IsValid(registerId))
        {
            return [];
        }

        var fields = new RedisValue[count];
        for (var i = 0; i < count; i++)
        {
            fields[i] = first + i;
        }

        var jsonsTask = Db.HashGetAsync(RegisterKeys.Transactions(registerId), fields);
        var docketsTask = CoveringDocketsAsync(registerId, first, count, height);
        var (jsons, dockets) = (await jsonsTask, await docketsTask);
        var items = new List<StoredTransaction>(count);
        for (var i = 0; i < count && !jsons[i].IsNull; i++)
        {
            items.Add(WithDocketNumber(new StoredTransaction(first + i, (byte[])jsons[i]!), dockets[i]));
        }

        return items;
    }

    /// <summary>
    /// The snapshot's transactions, sequences 0..Height−1 in order, a chunk per round trip with the next chunk already
    /// in flight. Stops early if one is missing (the caller's verifier then reports the gap). A <c>docketNumber</c> is
    /// named only for the snapshot's own dockets (those sealed below its <see cref="RegisterState.Sealed"/> and its height), as
    /// <see cref="StreamDocketsAsync"/> yields exactly those: a docket sealed meanwhile — below the height or across
    /// it — is in neither stream, so the two always agree.
    /// </summary>
    public async IAsyncEnumerable<StoredTransaction> StreamTransactionsAsync(
        string registerId, RegisterState snapshot, [EnumeratorCancellation] CancellationToken cancellationToken = default)
    {
        var (height, sealedBelow) = (snapshot.Height, Math.Min(snapshot.Sealed, snapshot.Height));
        var next = height > 0 ? GetTransactionsAsync(registerId, 0, (int)Math.Min(StreamChunk, height), sealedBelow) : null;
        for (long first = 0; next is not null; first += StreamChunk)
        {
            var chunk = await next;
            var nextFirst = first + StreamChunk;
            next = nextFirst < height ? GetTransactionsAsync(registerId, nextFirst, (int)Math.Min(StreamChunk, height - nextFirst), sealedBelow) : null;
            foreach (var transaction in chunk)
            {
                cancellationToken.ThrowIfCancellationRequested();
                yield return transaction;
            }

            if (chunk.Count < StreamChunk && next is not null)
            {
                await next;
                yield break;
            }
        }
    }

    /// <summary>The raw 32-byte txIds of sequences first..first+count−1 (sealing and proofs need only these).</summary>
    public async Task<IReadOnlyList<byte[]>> GetTxIdsAsync(string registerId, long first, int count)
    {
        var fields = new RedisValue[count];
        for (var i = 0; i < count; i++)
        {
            fields[i] = first + i;
        }

        var values = await Db.HashGetAsync(RegisterKeys.Sequences(registerId), fields);
        return [.. values.Select((v, i) => v.IsNull
            ? throw new InvalidOperationException($"Register {registerId} has no txId at sequence {first + i}.")
            : Convert.FromHexString((string)v!))];
    }

    /// <summary>Where a txId was committed, from the global index confirmed by the register itself.</summary>
    public async Task<(string RegisterId, long Sequence)?> LocateAsync(string txId)
    {
        if (!LowerHex.IsHash(txId))
        {
            return null;
        }

        var registerId = await Db.HashGetAsync(RegisterKeys.TxLocation(txId), txId);
        if (registerId.IsNull)
        {
            return null;
        }

        // The index is written ahead of the append, so an entry alone does not prove a commit.
        var sequence = await Db.HashGetAsync(RegisterKeys.TxIds(registerId!), txId);
        return sequence.IsNull ? null : ((string)registerId!, (long)sequence);
    }

    /// <summary>
    /// Records txId → register before the append. A txId covers its registerId, so the entry can only ever have one
    /// value; one left behind by an append that then failed is harmless because <see cref="LocateAsync"/> confirms it.
    /// </summary>
    private async Task IndexLocationsAsync(string registerId, IReadOnlyList<string> txIds, bool cluster)
    {
        var db = Db;
        if (txIds.Count > 1 && !cluster)
        {
            // One server holds every shard: one script writes them all (a 1,000-item batch was 1,000 commands, each
            // with its own task here and its own parse and AOF entry in Redis). On a cluster the shards sit in many
            // slots, so each is its own command there.
            await db.ScriptEvaluateAsync(IndexLocationsScript, [.. txIds.Select(RegisterKeys.TxLocation)],
                [registerId, .. txIds.Select(txId => (RedisValue)txId)]);
            return;
        }

        await Task.WhenAll(txIds.Select(txId => db.HashSetAsync(RegisterKeys.TxLocation(txId), txId, registerId)));
    }

    /// <summary>Whether the register's keys live on a Redis Cluster (where the global keys sit on other nodes).</summary>
    private bool IsCluster(string registerId) => ServerOf(registerId).ServerType == ServerType.Cluster;

    /// <summary>
    /// The server holding the register's keys. With no connection to it, StackExchange.Redis's GetServer throws a plain
    /// InvalidOperationException where a command would fail with a RedisConnectionException: the same outage, so it is
    /// reported as one (a 503 to the client, not a 500, as for the first commit after Redis was killed).
    /// </summary>
    private IServer ServerOf(string registerId)
    {
        try
        {
            return redis.GetServer(RegisterKeys.Head(registerId));
        }
        catch (InvalidOperationException e)
        {
            throw new RedisConnectionException(ConnectionFailureType.UnableToResolvePhysicalConnection, CommandFlags.None,
                $"No connection to the Redis server of register {registerId}: {e.Message}", e, CommandStatus.WaitingToBeSent);
        }
    }

    /// <summary>KEYS: the txloc shard of each txId; ARGV: registerId, then the txIds in the same order.</summary>
    private const string IndexLocationsScript = """
        for i = 1, #KEYS do
          redis.call('HSET', KEYS[i], ARGV[i + 1], ARGV[1])
        end
        return #KEYS
        """;

    private async Task<StoredTransaction> WithDocketNumberAsync(string registerId, StoredTransaction transaction) =>
        WithDocketNumber(transaction, (await CoveringDocketsAsync(registerId, transaction.Sequence, 1, long.MaxValue))[0]);

    /// <summary>
    /// For each sequence first..first+count−1, the sealed docket covering it (and ending below
    /// <paramref name="height"/>) or null. Dockets are contiguous from 0, so the first docket ending at or after a
    /// sequence covers it.
    /// </summary>
    private async Task<long?[]> CoveringDocketsAsync(string registerId, long first, int count, long height)
    {
        var ends = await Db.SortedSetRangeByScoreWithScoresAsync(RegisterKeys.DocketEnds(registerId), first,
            height == long.MaxValue ? double.PositiveInfinity : height - 1, take: count);
        var numbers = new long?[count];
        var d = 0;
        for (var i = 0; i < count; i++)
        {
            while (d < ends.Length && ends[d].Score < first + i)
            {
                d++;
            }

            numbers[i] = d < ends.Length ? (long)ends[d].Element : null;
        }

        return numbers;
    }

    /// <summary>The stored JSON never changes after commit; the docket number is added as it is read.</summary>
    private static StoredTransaction WithDocketNumber(StoredTransaction transaction, long? docketNumber)
    {
        // A stored entry that no longer parses (tampered with) is returned as it is, for the verifier to name.
        if (docketNumber is null || !CommittedTransactionReader.TryRead(transaction.Json.Span, out var committed, out _))
        {
            return transaction;
        }

        var json = CommittedTransactionJson.ToUtf8Bytes(committed.RawTransaction.Span, committed.Commit with { DocketNumber = docketNumber });
        return transaction with { Json = json };
    }

    private const string AuditScript = """
        local head = redis.call('HMGET', KEYS[1], 'height', 'chainHash', 'sealed', 'dockets', 'lastDocketHash', 'treeFrontier')
        if not head[1] then
          return false
        end
        local last = false
        if tonumber(head[4]) > 0 then
          last = redis.call('HGET', KEYS[5], string.format('%d', tonumber(head[4]) - 1))
        end
        return {head[1], head[2], head[3], head[4], head[5], head[6] or false, redis.call('HLEN', KEYS[2]),
          redis.call('HLEN', KEYS[3]), redis.call('HLEN', KEYS[4]), redis.call('HLEN', KEYS[5]), redis.call('ZCARD', KEYS[6]), last}
        """;

    /// <summary>The head with the size of every index, in one atomic step (see <see cref="StoreAudit"/>); null for an unknown register.</summary>
    public async Task<StoreAudit?> AuditAsync(string id)
    {
        if (!RegisterIds.IsValid(id))
        {
            return null;
        }

        var reply = await Db.ScriptEvaluateAsync(AuditScript,
            [RegisterKeys.Head(id), RegisterKeys.Transactions(id), RegisterKeys.Sequences(id), RegisterKeys.TxIds(id),
             RegisterKeys.Dockets(id), RegisterKeys.DocketEnds(id)]);
        if (reply.IsNull)
        {
            return null;
        }

        var v = (RedisResult[])reply!;
        var state = new RegisterState((long)v[0], (string)v[1]!, (long)v[2], (long)v[3], (string)v[4]!, v[5].IsNull ? null : (string)v[5]!);
        return new StoreAudit(state, (long)v[6], (long)v[7], (long)v[8], (long)v[9], (long)v[10],
            v[11].IsNull ? null : ReadDocket((RedisValue)v[11]));
    }
}
