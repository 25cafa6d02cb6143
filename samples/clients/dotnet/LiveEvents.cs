using System.Threading.Channels;
using Microsoft.AspNetCore.SignalR.Client;

namespace Sorcha.Samples.Client;

// The live events this sample acts on, as the hub at /hubs/events sends them (docs/api.md, "Live events"): ids and the
// moment, never payload data. The hub is not part of the OpenAPI document, so these are written here, not generated.

/// <summary>A step became next, for <see cref="Wallet"/>.</summary>
public sealed record ActionAvailable(string InstanceId, string ActionId, string Wallet, DateTimeOffset At);

/// <summary>An instance ended; <see cref="State"/> is <c>completed</c> or <c>rejected</c>.</summary>
public sealed record InstanceEnded(string InstanceId, string State, DateTimeOffset At);

/// <summary>An event one participant's connection received.</summary>
public sealed record Notice(string Participant, object Event);

/// <summary>
/// Every participant's live-events connection, their events merged in arrival order. Each connection carries its own
/// caller's token (the <c>access_token</c> SignalR sends) and subscribes to that caller's wallet before anything it
/// would hear of happens. Connections use SignalR's own HTTP and WebSocket transport, not the generated client's
/// handler: the hub's negotiate and frames are SignalR's protocol, not operations of the OpenAPI document.
/// </summary>
public sealed class LiveEventFeed(Uri gateway) : IAsyncDisposable
{
    private readonly Channel<Notice> _notices = Channel.CreateUnbounded<Notice>();
    private readonly List<HubConnection> _connections = [];
    private readonly HashSet<object> _seen = [];

    /// <summary>Connects as <paramref name="participant"/> and subscribes to its <paramref name="wallet"/>.</summary>
    public async Task ConnectAsync(string participant, string token, string wallet, CancellationToken ct)
    {
        var connection = new HubConnectionBuilder()
            .WithUrl(new Uri(gateway, "hubs/events"), o => o.AccessTokenProvider = () => Task.FromResult<string?>(token))
            .Build();
        _connections.Add(connection);
        connection.On<ActionAvailable>("ActionAvailable", e => _notices.Writer.TryWrite(new Notice(participant, e)));
        connection.On<InstanceEnded>("InstanceEnded", e => _notices.Writer.TryWrite(new Notice(participant, e)));
        await connection.StartAsync(ct);
        await connection.InvokeAsync("SubscribeWallet", wallet, ct);
    }

    /// <summary>
    /// The next event about <paramref name="instanceId"/>, within <paramref name="patience"/>, else a
    /// <see cref="TimeoutException"/> saying what was awaited. Delivery is at least once, so an event already returned
    /// (the same ids and moment) is skipped; events of other instances are left behind.
    /// </summary>
    public async Task<Notice> NextAsync(string instanceId, string awaiting, TimeSpan patience, CancellationToken ct)
    {
        using var deadline = CancellationTokenSource.CreateLinkedTokenSource(ct);
        deadline.CancelAfter(patience);
        try
        {
            while (true)
            {
                var notice = await _notices.Reader.ReadAsync(deadline.Token);
                var about = notice.Event switch
                {
                    ActionAvailable a => a.InstanceId,
                    InstanceEnded e => e.InstanceId,
                    _ => null,
                };
                if (about == instanceId && _seen.Add(notice))
                {
                    return notice;
                }
            }
        }
        catch (OperationCanceledException) when (!ct.IsCancellationRequested)
        {
            throw new TimeoutException($"no live event about instance {instanceId} within {patience.TotalSeconds} s (awaiting {awaiting})");
        }
    }

    public async ValueTask DisposeAsync()
    {
        foreach (var connection in _connections)
        {
            await connection.DisposeAsync();
        }
    }
}
