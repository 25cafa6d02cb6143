using Sorcha.Contracts.Events;
using System.Net;
using System.Text.Json;
using Microsoft.AspNetCore.SignalR.Client;
using Sorcha.Events;
using Sorcha.IntegrationTests.Infrastructure;

namespace Sorcha.IntegrationTests.Events;

/// <summary>
/// Clients that misbehave hurt only themselves (docs/limits.md, "Live events"). Each test keeps its connections on
/// one replica of the hub (one cookie container: the gateway's affinity), so that with two replicas they still meet.
/// </summary>
[Trait(Rerun.Trait, Rerun.Replicas)]
[Collection(PlatformScope.Name)]
public sealed class HostileClientTests(PlatformFixture platform) : IAsyncDisposable
{
    private readonly EventClients _events = new(platform);

    [Fact]
    public async Task An_oversized_or_malformed_message_closes_that_connection_only()
    {
        using var client = await platform.ClientAsync("events-oversized");
        var register = (await RegisterFlows.RegisterAsync(client)).Id;
        var cookies = new CookieContainer();
        var steady = await _events.StartedAsync("events-oversized", cookies: cookies);
        var steadySees = new Received<TransactionAppended>(steady, LiveEvents.Names.TransactionAppended);
        await steady.InvokeAsync(nameof(EventsHub.SubscribeRegister), register);

        // Over Events:MaxReceiveMessageBytes (4 KiB): the server closes the connection.
        var oversized = await _events.StartedAsync("events-oversized", cookies: cookies);
        var closed = new TaskCompletionSource<Exception?>(TaskCreationOptions.RunContinuationsAsynchronously);
        oversized.Closed += e => { closed.TrySetResult(e); return Task.CompletedTask; };
        await Assert.ThrowsAnyAsync<Exception>(() => oversized.InvokeAsync(nameof(EventsHub.SubscribeRegister), new string('a', 8 * 1024)));
        Assert.NotNull(await closed.Task.WaitAsync(EventClients.Patience));

        // Not SignalR's protocol at all, on the wire.
        await using var raw = await RawHubClient.ConnectAsync(_events.HubUrl, await platform.TokenAsync("events-oversized"), cookies);
        await raw.SendAsync("{\"type\":1,\"target\":");
        Assert.True(await raw.ClosedByServerWithinAsync(EventClients.Patience), "a malformed message closes the connection");

        var tx = RegisterFlows.Build(register, Signer.New());
        await RegisterFlows.SubmitAsync(client, tx, HttpStatusCode.Created);
        Assert.True(await steadySees.UntilAsync(seen => seen.Any(e => e.TxId == tx.TxId)), "the other connection still receives");
        Assert.Equal(HubConnectionState.Connected, steady.State);
    }

    [Fact]
    public async Task A_caller_over_the_connection_limit_is_refused_with_409_until_one_closes()
    {
        const int limit = 20; // Events:MaxConnectionsPerCaller's default
        var cookies = new CookieContainer();
        var open = new List<HubConnection>();
        for (var i = 0; i < limit; i++)
        {
            open.Add(await _events.StartedAsync("events-limit", cookies: cookies));
        }

        var extra = await _events.ConnectionAsync("events-limit", cookies: cookies);
        var refused = await Assert.ThrowsAsync<HttpRequestException>(() => extra.StartAsync());
        Assert.Equal(HttpStatusCode.Conflict, refused.StatusCode);

        // Another caller is not affected; and once one of the caller's own closes, it may connect again.
        await _events.StartedAsync("events-limit-other", cookies: cookies);
        await open[0].StopAsync();
        var again = await _events.ConnectionAsync("events-limit", cookies: cookies);
        Assert.True(await Poll.UntilAsync(() => TryStart(again), EventClients.Patience), "a connection after one closed");
    }

    [Fact]
    public async Task A_client_that_stops_reading_is_closed_and_never_delays_the_others()
    {
        using var client = await platform.ClientAsync("events-slow");
        var register = (await RegisterFlows.RegisterAsync(client)).Id;
        var cookies = new CookieContainer();
        var healthy = await _events.StartedAsync("events-slow", cookies: cookies);
        var flood = 0;
        healthy.On<JsonElement>("Flood", _ => Interlocked.Increment(ref flood));
        await healthy.InvokeAsync(nameof(EventsHub.SubscribeRegister), register);

        // Subscribed (it read the completion); from then on it reads a trickle, just enough that no transport timeout
        // closes it: only the hub's own bound can.
        await using var stalled = await RawHubClient.ConnectAsync(_events.HubUrl, await platform.TokenAsync("events-slow"), cookies);
        Assert.Null(await stalled.SubscribeRegisterAsync(register));
        using var stop = new CancellationTokenSource();
        var trickle = Task.Run(() => stalled.TrickleAsync(stop.Token));

        // Far more than the stalled client's path can buffer (its socket, the gateway's, the service's, its queue):
        // 40 MB in rounds the healthy client must each receive before the next is sent.
        var publisher = await _events.PublisherAsync();
        var padding = new string('x', 32 * 1024);
        const int rounds = 30, perRound = 40;
        for (var round = 1; round <= rounds; round++)
        {
            for (var i = 0; i < perRound; i++)
            {
                await publisher.ToRegisterAsync(register, "Flood", new { registerId = register, round, padding });
            }

            var expected = round * perRound;
            Assert.True(await Poll.UntilAsync(() => Volatile.Read(ref flood) >= expected, StallBound),
                $"round {round}: the healthy client received {Volatile.Read(ref flood)} of {expected} within {StallBound.TotalSeconds} s");
        }

        await stop.CancelAsync();
        await trickle;
        Assert.True(await stalled.ClosedByServerWithinAsync(EventClients.Patience), "the client that stopped reading was closed");
        Assert.Equal(HubConnectionState.Connected, healthy.State);
    }

    /// <summary>
    /// How long one round may take. It takes milliseconds; without the hub's per-connection queues one subscriber that
    /// stopped reading held its group's delivery until a transport timeout cut it, about 10 s later (measured on this
    /// suite), so a bound well under that tells the two apart and leaves a busy machine a wide margin.
    /// </summary>
    private static readonly TimeSpan StallBound = TimeSpan.FromSeconds(5);

    private static bool TryStart(HubConnection connection)
    {
        try
        {
            connection.StartAsync().GetAwaiter().GetResult();
            return true;
        }
        catch (HttpRequestException e) when (e.StatusCode == HttpStatusCode.Conflict)
        {
            return false;
        }
    }

    public ValueTask DisposeAsync() => _events.DisposeAsync();
}
