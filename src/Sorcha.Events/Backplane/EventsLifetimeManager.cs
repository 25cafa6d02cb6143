using System.Collections.Concurrent;
using Microsoft.AspNetCore.SignalR;
using Microsoft.AspNetCore.SignalR.StackExchangeRedis;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Options;

namespace Sorcha.Events.Backplane;

/// <summary>
/// The Redis backplane (RedisHubLifetimeManager, unchanged on the wire and in its channels) with every local connection
/// behind a <see cref="QueuedConnection"/>, so that delivering to a group never waits for one slow client.
/// </summary>
public sealed class EventsLifetimeManager(
    ILogger<RedisHubLifetimeManager<EventsHub>> logger,
    IOptions<RedisOptions> redis,
    IHubProtocolResolver protocols,
    IOptions<HubOptions> globalHubOptions,
    IOptions<HubOptions<EventsHub>> hubOptions,
    IOptions<LiveEventsOptions> events,
    ILoggerFactory loggers)
    : RedisHubLifetimeManager<EventsHub>(logger, redis, protocols, globalHubOptions, hubOptions)
{
    private readonly ConcurrentDictionary<string, QueuedConnection> _queued = new(StringComparer.Ordinal);

    public override Task OnConnectedAsync(HubConnectionContext connection)
    {
        var queued = new QueuedConnection(connection, events.Value.MaxQueuedPerConnection, loggers);
        _queued[connection.ConnectionId] = queued;
        return base.OnConnectedAsync(queued);
    }

    public override async Task OnDisconnectedAsync(HubConnectionContext connection)
    {
        if (!_queued.TryRemove(connection.ConnectionId, out var queued))
        {
            await base.OnDisconnectedAsync(connection);
            return;
        }

        try
        {
            await base.OnDisconnectedAsync(queued);
        }
        finally
        {
            queued.Complete();
        }
    }
}
