using System.Security.Claims;
using System.Threading.Channels;
using Microsoft.AspNetCore.Connections;
using Microsoft.AspNetCore.Http.Features;
using Microsoft.AspNetCore.SignalR;
using Microsoft.AspNetCore.SignalR.Protocol;
using Microsoft.Extensions.Logging;

namespace Sorcha.Events.Backplane;

/// <summary>
/// A hub connection as the backplane sees it: what the backplane writes goes into a bounded queue of this connection's
/// own, which one loop drains into the real connection, so a write never waits for the client.
/// <para>Why: RedisHubLifetimeManager delivers a group's message by writing it to every connection in the group and
/// awaiting all the writes before it takes the channel's next message. A write waits when the connection's transport
/// buffer is full, i.e. when its client stopped reading; so one such client held up every other subscriber of the
/// group on that replica. Here it holds up only itself: when its queue is full it is closed (it reconnects and catches
/// up through the API), so it costs at most <see cref="LiveEventsOptions.MaxQueuedPerConnection"/> messages plus the
/// transport's buffer.</para>
/// <para>The base class is constructed over a detached context and every member the backplane uses (id, features,
/// items, user, protocol, abort) is the real connection's; only the writes differ.</para>
/// </summary>
internal sealed class QueuedConnection : HubConnectionContext
{
    private readonly HubConnectionContext _connection;
    private readonly Channel<SerializedHubMessage> _queue;
    private readonly int _capacity;
    private readonly ILogger _logger;
    private int _closed;

    public QueuedConnection(HubConnectionContext connection, int capacity, ILoggerFactory loggers)
        : base(new DefaultConnectionContext(connection.ConnectionId), new HubConnectionContextOptions(), loggers)
    {
        _connection = connection;
        _capacity = capacity;
        _logger = loggers.CreateLogger<QueuedConnection>();
        UserIdentifier = connection.UserIdentifier;
        _queue = Channel.CreateBounded<SerializedHubMessage>(new BoundedChannelOptions(capacity)
        {
            SingleReader = true,
            FullMode = BoundedChannelFullMode.Wait, // TryWrite answers false when full: the signal to close
        });
        _ = DrainAsync();
    }

    public override string ConnectionId => _connection.ConnectionId;

    public override IFeatureCollection Features => _connection.Features;

    public override IDictionary<object, object?> Items => _connection.Items;

    public override ClaimsPrincipal User => _connection.User;

    public override CancellationToken ConnectionAborted => _connection.ConnectionAborted;

    public override IHubProtocol Protocol
    {
        get => _connection.Protocol;
        set => _connection.Protocol = value;
    }

    public override void Abort() => _connection.Abort();

    public override ValueTask WriteAsync(HubMessage message, CancellationToken cancellationToken = default) =>
        WriteAsync(new SerializedHubMessage(message), cancellationToken);

    public override ValueTask WriteAsync(SerializedHubMessage message, CancellationToken cancellationToken = default)
    {
        if (!_queue.Writer.TryWrite(message) && Interlocked.Exchange(ref _closed, 1) == 0)
        {
            _logger.LogWarning("Hub connection {ConnectionId} has {Count} events it has not read; closing it", ConnectionId, _capacity);
            _connection.Abort();
        }

        return ValueTask.CompletedTask;
    }

    /// <summary>No more writes: the loop ends once the queue is empty (an aborted connection takes them at once).</summary>
    public void Complete() => _queue.Writer.TryComplete();

    private async Task DrainAsync()
    {
        try
        {
            await foreach (var message in _queue.Reader.ReadAllAsync().ConfigureAwait(false))
            {
                await _connection.WriteAsync(message).ConfigureAwait(false);
            }
        }
        catch (Exception e)
        {
            // The connection's own write path logs and aborts on failure; this only keeps the loop from faulting unseen.
            _logger.LogDebug(e, "Draining hub connection {ConnectionId} ended", ConnectionId);
        }
    }
}
