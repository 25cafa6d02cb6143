using Sorcha.Ledger.Chain;
using Sorcha.Ledger.Dockets;
using StackExchange.Redis;

namespace Sorcha.Registers.Store;

/// <summary>
/// The only code that touches register keys (layout in <see cref="RegisterKeys"/>): creating and listing registers,
/// the atomic append (<see cref="AppendAsync"/>), reads, and publishing dockets. The Transaction service writes
/// through it, the Register service reads and seals through it.
/// </summary>
public sealed partial class RegisterStore(IConnectionMultiplexer redis, AppendDurability? durabilityOptions = null)
{
    private const string CreateScript = """
        if redis.call('EXISTS', KEYS[1]) == 1 then
          return 0
        end
        redis.call('HMSET', KEYS[1], 'name', ARGV[1], 'owner', ARGV[2], 'createdAt', ARGV[3], 'publicKey', ARGV[4],
          'sealedKey', ARGV[5])
        redis.call('HMSET', KEYS[2], 'height', '0', 'chainHash', ARGV[6], 'sealed', '0', 'dockets', '0',
          'lastDocketHash', ARGV[7], 'treeFrontier', '', 'indexedFrom', '0', 'backfilled', '0', 'indexEntries', '0')
        return 1
        """;

    private static readonly RedisValue[] MetaFields = ["name", "owner", "createdAt", "publicKey", "sealedKey", "description"];
    private static readonly RedisValue[] HeadFields =
        ["height", "chainHash", "sealed", "dockets", "lastDocketHash", "treeFrontier", "state", "archivedAt"];

    private readonly AppendDurability durability = durabilityOptions ?? new AppendDurability();

    private IDatabase Db => redis.GetDatabase();

    /// <summary>
    /// Writes the register and its empty head in one step if its owner has created fewer than <paramref name="quota"/>
    /// registers (0: no quota). The id is reserved in the owner's set first (another slot, so another step); a register
    /// that is not written gives it back, so a refused or failed creation leaves nothing.
    /// </summary>
    public async Task<RegisterCreation> CreateAsync(RegisterRecord register, long quota)
    {
        var owned = RegisterKeys.Owned(register.Owner);
        var reserved = (long)await Db.ScriptEvaluateAsync(ReserveScript, [owned], [register.Id, quota]);
        if (reserved == 0)
        {
            return RegisterCreation.OverQuota;
        }

        bool created;
        try
        {
            created = (bool)await Db.ScriptEvaluateAsync(CreateScript,
                [RegisterKeys.Meta(register.Id), RegisterKeys.Head(register.Id)],
                [register.Name, register.Owner, register.CreatedAt.ToUnixTimeMilliseconds(), register.PublicKey,
                 register.SealedSigningKey, ChainHash.GenesisHex, DocketHasher.GenesisPreviousHash]);
        }
        catch (Exception e) when (reserved == 2 && e is RedisException or TimeoutException)
        {
            await ReleaseUnlessStoredAsync(owned, register.Id);
            throw;
        }

        if (!created)
        {
            if (reserved == 2)
            {
                await Db.SetRemoveAsync(owned, register.Id);
            }

            return RegisterCreation.IdTaken;
        }

        // The index is global (another slot), so it is written after; a register missing from it is still readable.
        await Db.SortedSetAddAsync(RegisterKeys.Index, register.Id, register.CreatedAt.ToUnixTimeMilliseconds());
        return RegisterCreation.Created;
    }

    public async Task<RegisterRecord?> GetAsync(string id)
    {
        if (!RegisterIds.IsValid(id))
        {
            return null;
        }

        var values = await Db.HashGetAsync(RegisterKeys.Meta(id), MetaFields);
        if (values[0].IsNull)
        {
            return null;
        }

        return new RegisterRecord(id, values[0]!, values[1]!, DateTimeOffset.FromUnixTimeMilliseconds((long)values[2]),
            (byte[])values[3]!, (byte[])values[4]!, values[5].IsNull ? null : (string)values[5]!);
    }

    /// <summary>The head and sealer cursor, read in one command; null for an unknown register.</summary>
    public async Task<RegisterState?> GetStateAsync(string id)
    {
        if (!RegisterIds.IsValid(id))
        {
            return null;
        }

        var values = await Db.HashGetAsync(RegisterKeys.Head(id), HeadFields);
        return values[0].IsNull
            ? null
            : new RegisterState((long)values[0], values[1]!, (long)values[2], (long)values[3], values[4]!, values[5].IsNull ? null : (string)values[5]!,
                values[6] == ArchivedState && !values[7].IsNull ? DateTimeOffset.FromUnixTimeMilliseconds((long)values[7]) : null);
    }

    /// <summary>A page of every register, oldest first.</summary>
    public async Task<(IReadOnlyList<(RegisterRecord Register, RegisterState State)> Items, long Total)> ListAsync(long skip, int take)
    {
        var total = await Db.SortedSetLengthAsync(RegisterKeys.Index);
        var ids = await Db.SortedSetRangeByRankAsync(RegisterKeys.Index, skip, skip + take - 1);
        var rows = await Task.WhenAll(ids.Select(async id => (Register: await GetAsync(id!), State: await GetStateAsync(id!))));
        return ([.. rows.Where(r => r.Register is not null && r.State is not null).Select(r => (r.Register!, r.State!))], total);
    }

    /// <summary>Every register id (for the sealer's periodic sweep), in pages so a large index is never one reply.</summary>
    public async IAsyncEnumerable<string> AllIdsAsync()
    {
        const int page = 1000;
        for (long start = 0; ; start += page)
        {
            var ids = await Db.SortedSetRangeByRankAsync(RegisterKeys.Index, start, start + page - 1);
            foreach (var id in ids)
            {
                yield return id!;
            }

            if (ids.Length < page)
            {
                yield break;
            }
        }
    }
}
