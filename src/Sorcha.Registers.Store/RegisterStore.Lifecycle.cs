using System.Text.Json;
using Sorcha.Ledger;
using Sorcha.Ledger.Chain;
using Sorcha.Ledger.Tombstones;
using StackExchange.Redis;

namespace Sorcha.Registers.Store;

/// <summary>What the owner's PATCH, archive or delete found (<see cref="LifecycleScripts"/>).</summary>
public enum LifecycleChange
{
    Done,

    /// <summary>Unknown register, or not the caller's: the same answer (a 404), so a stranger learns nothing.</summary>
    NotFound,

    /// <summary>Deleted before: only its tombstone is left.</summary>
    Deleted,

    /// <summary>Archive: it was archived before (nothing changed). Delete: it is not archived.</summary>
    AlreadyArchived,
    NotArchived,

    /// <summary>Delete: the final docket does not cover every transaction yet (or the height moved since the tombstone was signed).</summary>
    NotSealed,
}

/// <summary>A description in a PATCH: left as it is, set, or removed (JSON Merge Patch's null).</summary>
public readonly record struct DescriptionChange(bool Change, string? Value)
{
    public static DescriptionChange Keep => default;
}

public sealed partial class RegisterStore
{
    internal const string ArchivedState = "archived";

    /// <summary>Index keys unlinked per command when a deleted register's keys are removed.</summary>
    private const int UnlinkChunk = 500;

    /// <summary>Renames and/or (re)describes the register if <paramref name="caller"/> owns it.</summary>
    public async Task<LifecycleChange> UpdateAsync(string registerId, string caller, string? name, DescriptionChange description)
    {
        if (!RegisterIds.IsValid(registerId))
        {
            return LifecycleChange.NotFound;
        }

        var mode = !description.Change ? "keep" : description.Value is null ? "remove" : "set";
        var reply = (UpdateReply)(long)await Db.ScriptEvaluateAsync(LifecycleScripts.Update, [RegisterKeys.Meta(registerId)],
            [caller, name ?? "", mode, description.Value ?? ""]);
        return reply switch { UpdateReply.Done => LifecycleChange.Done, _ => LifecycleChange.NotFound };
    }

    /// <summary>
    /// Closes the register to appends in one step with them (the append script reads the same state); the caller then
    /// seals what is left, which is final: the height cannot move again.
    /// </summary>
    public async Task<LifecycleChange> ArchiveAsync(string registerId, string caller, DateTimeOffset now)
    {
        if (!RegisterIds.IsValid(registerId))
        {
            return LifecycleChange.NotFound;
        }

        var reply = (ArchiveReply)(long)await Db.ScriptEvaluateAsync(LifecycleScripts.Archive, [RegisterKeys.Meta(registerId), RegisterKeys.Head(registerId)],
            [caller, now.ToUnixTimeMilliseconds()]);
        return reply switch
        {
            ArchiveReply.Archived => LifecycleChange.Done,
            ArchiveReply.ArchivedBefore => LifecycleChange.AlreadyArchived,
            _ => await GetTombstoneAsync(registerId) is null ? LifecycleChange.NotFound : LifecycleChange.Deleted,
        };
    }

    /// <summary>
    /// Replaces an archived, wholly sealed register by its <paramref name="tombstone"/> (signed at
    /// <paramref name="height"/>), then removes its transactions, dockets, writers and indexes, its txId locations and
    /// its place in the listing and in the owner's quota. The first step decides; the removal after it is idempotent, so
    /// a delete interrupted there is finished by asking again (<see cref="PurgeAsync"/>).
    /// </summary>
    public async Task<LifecycleChange> DeleteAsync(string registerId, string caller, long height, Tombstone tombstone)
    {
        if (!RegisterIds.IsValid(registerId))
        {
            return LifecycleChange.NotFound;
        }

        var json = JsonSerializer.SerializeToUtf8Bytes(tombstone, LedgerJsonContext.Default.Tombstone);
        var reply = (DeleteReply)(long)await Db.ScriptEvaluateAsync(LifecycleScripts.Delete,
            [RegisterKeys.Meta(registerId), RegisterKeys.Head(registerId), RegisterKeys.Tombstone(registerId)], [caller, height, json]);
        switch (reply)
        {
            case DeleteReply.DeletedBefore: return LifecycleChange.Deleted;
            case DeleteReply.NotArchived: return LifecycleChange.NotArchived;
            case DeleteReply.NotSealed: return LifecycleChange.NotSealed;
            case DeleteReply.Deleted:
                await PurgeAsync(registerId, caller, height);
                return LifecycleChange.Done;
            default: return LifecycleChange.NotFound;
        }
    }

    public async Task<Tombstone?> GetTombstoneAsync(string registerId)
    {
        if (!RegisterIds.IsValid(registerId))
        {
            return null;
        }

        var json = await Db.StringGetAsync(RegisterKeys.Tombstone(registerId));
        return json.IsNull ? null : JsonSerializer.Deserialize((byte[])json!, LedgerJsonContext.Default.Tombstone);
    }

    /// <summary>
    /// Removes what a deleted register left besides its tombstone: the index keys named by its transactions first (they
    /// are found from those), then the txId locations, then its fixed keys, then the global entries, the owner's quota
    /// slot last. Every step can run again.
    /// </summary>
    public async Task PurgeAsync(string registerId, string owner, long height)
    {
        var db = Db;
        for (long first = 0; first < height; first += StreamChunk)
        {
            var count = (int)Math.Min(StreamChunk, height - first);
            var fields = Enumerable.Range(0, count).Select(i => (RedisValue)(first + i)).ToArray();
            var jsons = await db.HashGetAsync(RegisterKeys.Transactions(registerId), fields);
            var indexes = new IndexBatch(registerId);
            foreach (var json in jsons)
            {
                if (!json.IsNull && CommittedTransactionReader.TryRead(((byte[])json!).AsSpan(), out var committed, out _))
                {
                    using var document = JsonDocument.Parse(committed.RawTransaction);
                    indexes.Add(0, TransactionIndex.Read(document.RootElement));
                }
            }

            foreach (var keys in indexes.Keys.Chunk(UnlinkChunk))
            {
                await db.KeyDeleteAsync(keys, CommandFlags.DemandMaster);
            }

            var txIds = (await db.HashGetAsync(RegisterKeys.Sequences(registerId), fields)).Where(t => !t.IsNull).Select(t => (string)t!);
            await Task.WhenAll(txIds.GroupBy(RegisterKeys.TxLocation)
                .Select(shard => db.HashDeleteAsync(shard.Key, [.. shard.Select(t => (RedisValue)t)])));
        }

        await db.KeyDeleteAsync([.. RegisterKeys.OfRegister(registerId).Where(k => k != RegisterKeys.Tombstone(registerId))]);
        await db.SortedSetRemoveAsync(RegisterKeys.Index, registerId);
        await db.SortedSetRemoveAsync(RegisterKeys.Unsealed, registerId);
        await db.SetRemoveAsync(RegisterKeys.Owned(owner), registerId);
    }
}
