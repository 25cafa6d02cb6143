using System.Collections.Concurrent;
using System.Net;
using Microsoft.AspNetCore.Http.Connections;
using Microsoft.AspNetCore.SignalR.Client;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using Sorcha.Events;

namespace Sorcha.IntegrationTests.Events;

/// <summary>
/// Live-event clients on the platform's gateway (SignalR's .NET client, as an app would use it), and a publisher in
/// the test process on the platform's Redis: <see cref="LiveEvents"/> set up by <see cref="LiveEventsSetup.AddLiveEvents"/>,
/// exactly as a service raises events, for events no platform flow raises by itself (a wallet's, a flood).
/// </summary>
public sealed class EventClients(PlatformFixture platform) : IAsyncDisposable
{
    private readonly List<HubConnection> _connections = [];
    private IHost? _publisher;

    public static readonly TimeSpan Patience = TimeSpan.FromSeconds(30);

    public Uri HubUrl => new(platform.Gateway.BaseAddress!, EventsHub.Path);

    /// <summary>A connection for <paramref name="clientId"/> (null: no token), not started. Cookies keep the gateway's affinity.</summary>
    public async Task<HubConnection> ConnectionAsync(string? clientId, HttpTransportType transport = HttpTransportType.WebSockets,
        CookieContainer? cookies = null)
    {
        var token = clientId is null ? null : await platform.TokenAsync(clientId);
        var connection = new HubConnectionBuilder()
            .WithUrl(HubUrl, o =>
            {
                o.Transports = transport;
                o.Cookies = cookies ?? new CookieContainer();
                if (token is not null)
                {
                    o.AccessTokenProvider = () => Task.FromResult<string?>(token);
                }
            })
            .Build();
        _connections.Add(connection);
        return connection;
    }

    /// <summary>
    /// A started connection for <paramref name="clientId"/>, counted by the hub. SignalR answers the handshake (and so
    /// completes StartAsync) before the hub's OnConnectedAsync runs, but dispatches an invocation only after it: one
    /// harmless invocation makes the connection's server side (its caller count among it) settled when this returns.
    /// </summary>
    public async Task<HubConnection> StartedAsync(string clientId, HttpTransportType transport = HttpTransportType.WebSockets,
        CookieContainer? cookies = null)
    {
        var connection = await ConnectionAsync(clientId, transport, cookies);
        await connection.StartAsync();
        await connection.InvokeAsync(nameof(EventsHub.UnsubscribeRegister), "none");
        return connection;
    }

    /// <summary>The platform's own publisher, in this process (started once, on first use).</summary>
    public async Task<LiveEvents> PublisherAsync()
    {
        if (_publisher is null)
        {
            var builder = Host.CreateApplicationBuilder();
            builder.Configuration["ConnectionStrings:redis"] = platform.Redis.ConnectionString;
            builder.AddLiveEvents();
            _publisher = builder.Build();
            await _publisher.StartAsync();
        }

        return _publisher.Services.GetRequiredService<LiveEvents>();
    }

    public async ValueTask DisposeAsync()
    {
        foreach (var connection in _connections)
        {
            await connection.DisposeAsync();
        }

        if (_publisher is not null)
        {
            await _publisher.StopAsync();
            _publisher.Dispose();
        }
    }
}

/// <summary>What one connection received of one event, in arrival order.</summary>
public sealed class Received<T>
{
    private readonly ConcurrentQueue<T> _items = new();

    public Received(HubConnection connection, string eventName) => connection.On<T>(eventName, _items.Enqueue);

    public IReadOnlyList<T> Items => [.. _items];

    public int Count => _items.Count;

    /// <summary>Waits (bounded) until <paramref name="condition"/> holds of what arrived; false when it never did.</summary>
    public Task<bool> UntilAsync(Func<IReadOnlyList<T>, bool> condition, TimeSpan? patience = null) =>
        Poll.UntilAsync(() => condition(Items), patience ?? EventClients.Patience);
}
