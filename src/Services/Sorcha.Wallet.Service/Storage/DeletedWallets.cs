using Sorcha.Wallet.Service.Signing;
using StackExchange.Redis;

namespace Sorcha.Wallet.Service.Storage;

/// <summary>
/// Listens for deletions on any replica (<see cref="WalletRedisKeys.Deleted"/>) and forgets the wallet here: its record
/// lease and its open signing key. Fire-and-forget: the library keeps the subscription and renews it after every
/// reconnect; a message missed meanwhile costs nothing but memory, as leases end on their own (RecordLeases) and a
/// deleted wallet has no record to sign with, its key going when idle.
/// </summary>
internal sealed class DeletedWallets(IConnectionMultiplexer redis, RecordLeases records, OpenKeys keys) : IHostedService
{
    public Task StartAsync(CancellationToken cancellationToken)
    {
        redis.GetSubscriber().Subscribe(WalletRedisKeys.Deleted, (_, address) => Forget(address!), CommandFlags.FireAndForget);
        return Task.CompletedTask;
    }

    public Task StopAsync(CancellationToken cancellationToken) => Task.CompletedTask;

    private void Forget(string address)
    {
        records.Drop(address);
        keys.Drop(address);
    }
}
