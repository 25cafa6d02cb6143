using Microsoft.Extensions.Options;
using Sorcha.Wallet.Service.Storage;
using StackExchange.Redis;

namespace Sorcha.Wallet.Service.Signing;

public static class OpenKeysSetup
{
    /// <summary><see cref="OpenKeys"/> with its options (validated at start) and the subscription that drops a wallet deleted on another replica.</summary>
    public static void AddOpenKeys(this WebApplicationBuilder builder)
    {
        builder.Services.AddOptions<OpenKeysOptions>().Bind(builder.Configuration.GetSection(OpenKeysOptions.Section))
            .ValidateDataAnnotations().ValidateOnStart();
        builder.Services.AddSingleton<OpenKeys>();
        builder.Services.AddHostedService<DeletedWallets>();
    }

    /// <summary>
    /// Listens for deletions on any replica (<see cref="WalletRedisKeys.Deleted"/>). Fire-and-forget: the library keeps
    /// the subscription and renews it after every reconnect; a message missed meanwhile costs nothing but memory, as a
    /// deleted wallet has no record to sign with and its key goes when idle.
    /// </summary>
    private sealed class DeletedWallets(IConnectionMultiplexer redis, OpenKeys keys) : IHostedService
    {
        public Task StartAsync(CancellationToken cancellationToken)
        {
            redis.GetSubscriber().Subscribe(WalletRedisKeys.Deleted, (_, address) => keys.Drop(address!), CommandFlags.FireAndForget);
            return Task.CompletedTask;
        }

        public Task StopAsync(CancellationToken cancellationToken) => Task.CompletedTask;
    }
}
