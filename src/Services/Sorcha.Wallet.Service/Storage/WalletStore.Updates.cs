using System.Text.Json;

namespace Sorcha.Wallet.Service.Storage;

/// <summary>Changing a stored wallet (its name and tags): compare-and-set on its one key, so concurrent changes never lose each other.</summary>
public sealed partial class WalletStore
{
    /// <summary>KEYS wallet; ARGV the record as read, the record to write → 1 written, 0 it changed (or went) meanwhile.</summary>
    private const string CompareAndSetScript = """
        if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
        redis.call('SET', KEYS[1], ARGV[2])
        return 1
        """;

    /// <summary>Rounds of read-change-write before giving up: only the owner's own concurrent changes can make one fail.</summary>
    private const int UpdateAttempts = 16;

    /// <summary>
    /// Applies <paramref name="change"/> to the owner's wallet as stored now and writes it only if the record is still
    /// the one read, else reads again and reapplies: two replicas changing two fields at once both land. The change
    /// returns the record unchanged to write nothing, or null to refuse. A write is answered once every replica's
    /// lease on the old record has ended (<see cref="RecordLeases.DeletionWait"/>), so a read after it sees the change.
    /// </summary>
    public async Task<(WalletUpdate Outcome, WalletRecord? Wallet)> UpdateAsync(string address, string owner,
        Func<WalletRecord, WalletRecord?> change)
    {
        var key = WalletRedisKeys.Wallet(address);
        for (var attempt = 0; attempt < UpdateAttempts; attempt++)
        {
            var stored = await Db.StringGetAsync(key);
            if (stored.IsNull || JsonSerializer.Deserialize<WalletRecord>((byte[])stored!, Json) is not { } wallet || wallet.Owner != owner)
            {
                return (WalletUpdate.NotFound, null);
            }

            switch (change(wallet))
            {
                case null:
                    return (WalletUpdate.Refused, wallet);
                case var same when ReferenceEquals(same, wallet):
                    return (WalletUpdate.Updated, wallet);
                case var changed:
                    if ((long)await Db.ScriptEvaluateAsync(CompareAndSetScript, [key], [stored, JsonSerializer.SerializeToUtf8Bytes(changed, Json)]) == 1)
                    {
                        leases.Drop(address);
                        await Task.Delay(leases.DeletionWait, clock);
                        return (WalletUpdate.Updated, changed);
                    }

                    break;
            }
        }

        return (WalletUpdate.Contended, null);
    }
}

/// <summary>What <see cref="WalletStore.UpdateAsync"/> did.</summary>
public enum WalletUpdate
{
    Updated,

    /// <summary>No such wallet, or another caller's.</summary>
    NotFound,

    /// <summary>The change refused the record as stored; nothing was written.</summary>
    Refused,

    /// <summary>Every attempt met a concurrent change; nothing was written.</summary>
    Contended,
}
