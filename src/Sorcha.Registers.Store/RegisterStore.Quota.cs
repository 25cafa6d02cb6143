using StackExchange.Redis;

namespace Sorcha.Registers.Store;

/// <summary>
/// The owner's register quota (Limits:Quotas:Registers): the owner's set (<see cref="RegisterKeys.Owned"/>) is the
/// count; <see cref="RegisterStore.CreateAsync"/> reserves an id there before it writes the register.
/// </summary>
public sealed partial class RegisterStore
{
    /// <summary>
    /// KEYS the owner's set (<see cref="RegisterKeys.Owned"/>); ARGV id, quota (0: none) → 0 refused, 1 a member
    /// already, 2 added: the quota check and the reservation in one step.
    /// </summary>
    private const string ReserveScript = """
        if redis.call('SISMEMBER', KEYS[1], ARGV[1]) == 1 then return 1 end
        local quota = tonumber(ARGV[2])
        if quota > 0 and redis.call('SCARD', KEYS[1]) >= quota then return 0 end
        redis.call('SADD', KEYS[1], ARGV[1])
        return 2
        """;

    /// <summary>
    /// After a creation whose outcome is unknown (timeout, lost connection): the id is given back only if the register
    /// is not there. The read queues behind the write on the same connection, so a write that lands at all lands
    /// first. If Redis cannot answer, the slot stays taken: the quota errs towards refusing, never past its limit.
    /// </summary>
    private async Task ReleaseUnlessStoredAsync(RedisKey owned, string id)
    {
        try
        {
            if (!await Db.KeyExistsAsync(RegisterKeys.Meta(id)))
            {
                await Db.SetRemoveAsync(owned, id);
            }
        }
        catch (Exception e) when (e is RedisException or TimeoutException)
        {
            // Redis is unreachable: keep the slot (above).
        }
    }
}

/// <summary>What <see cref="RegisterStore.CreateAsync"/> did.</summary>
public enum RegisterCreation
{
    Created,

    /// <summary>128 random bits collided with another register's id; nothing was written.</summary>
    IdTaken,

    /// <summary>The owner has created as many registers as the quota allows; nothing was written.</summary>
    OverQuota,
}
