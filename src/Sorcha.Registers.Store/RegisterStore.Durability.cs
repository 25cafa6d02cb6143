using StackExchange.Redis;

namespace Sorcha.Registers.Store;

public sealed partial class RegisterStore
{
    /// <summary>
    /// WAIT for <see cref="AppendDurability.Replicas"/> acknowledgements of this process's writes on the register's
    /// master. WAIT counts what this connection wrote, and the multiplexer has one connection per node, so it covers the
    /// append just made (and whatever else this process wrote there before it). With none to wait for (one server, by
    /// default) the server is not even looked up.
    /// </summary>
    private async Task AwaitReplicasAsync(string registerId, bool cluster)
    {
        var replicas = durability.Replicas ?? (cluster ? 1 : 0);
        if (replicas <= 0)
        {
            return;
        }

        var server = ServerOf(registerId);
        var acknowledged = (long)await server.ExecuteAsync("WAIT", replicas, durability.TimeoutMs);
        if (acknowledged < replicas)
        {
            // A timeout, as the caller sees it: the commit is on the master only, so it is not promised (a 503, and a
            // retry with the same txId is answered from the commit once it is there).
            throw new RedisTimeoutException(CommandFlags.None,
                $"WAIT {replicas}: {acknowledged} replica(s) acknowledged the append to register {registerId} within {durability.TimeoutMs} ms.",
                CommandStatus.Sent);
        }
    }
}
