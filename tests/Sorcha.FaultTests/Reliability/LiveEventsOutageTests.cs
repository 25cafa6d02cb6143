using Sorcha.Contracts.Events;
using System.Collections.Concurrent;
using System.Net;
using Microsoft.AspNetCore.SignalR.Client;
using Sorcha.AppHost.Redis;
using Sorcha.Events;

namespace Sorcha.FaultTests.Reliability;

/// <summary>
/// Redis going away and coming back does not lose the hub: a client's connection (which never touches Redis) stays
/// open, its subscriptions come back with the backplane's connection (SE.Redis subscribes again), and events of the
/// commits after the outage reach it, with nothing restarted and nothing done by the client (docs/limits.md,
/// "Live events").
/// </summary>
[Collection(FaultScope.Name)]
public sealed class LiveEventsOutageTests(FaultPlatformFixture platform)
{
    private static readonly TimeSpan Patience = TimeSpan.FromSeconds(30);

    [Fact]
    public Task Events_resume_on_the_same_connection_after_Redis_restarts() => platform.ExplainFailureAsync(async () =>
    {
        Assert.True(platform.Redis.Provider is "redis-server" or "garnet", $"needs a Redis this run owns, not {platform.Redis.Provider}");
        using var client = await platform.ClientAsync("fault-events");
        var register = (await RegisterFlows.RegisterAsync(client, "events outage")).Id;
        var token = await platform.TokenAsync("fault-events");
        await using var connection = new HubConnectionBuilder()
            .WithUrl(new Uri(platform.Gateway.BaseAddress!, EventsHub.Path), o => o.AccessTokenProvider = () => Task.FromResult<string?>(token))
            .Build();
        var seen = new ConcurrentDictionary<string, long>();
        connection.On<TransactionAppended>(LiveEvents.Names.TransactionAppended, e => seen[e.TxId] = e.Sequence);
        await connection.StartAsync();
        await connection.InvokeAsync(nameof(EventsHub.SubscribeRegister), register);

        var signer = Signer.New();
        var before = RegisterFlows.Build(register, signer);
        await RegisterFlows.SubmitAsync(client, before, HttpStatusCode.Created);
        Assert.True(await Poll.UntilAsync(() => seen.ContainsKey(before.TxId), Patience), "an event before the outage");

        await platform.App.StopResourceAsync(RedisSelector.ResourceName, kill: true);
        await Task.Delay(TimeSpan.FromSeconds(1));
        await platform.App.StartResourceAsync(RedisSelector.ResourceName);

        // Commit until one is acknowledged and its event arrives: the commits whose events were published before every
        // process's backplane connection was back (a second or two) are lost to pub/sub, and clients catch those up
        // through the API; what must not happen is that none ever arrives again.
        var after = new List<string>();
        Assert.True(await Poll.UntilAsync(() =>
        {
            var tx = RegisterFlows.Build(register, signer);
            if (Committed(client, tx))
            {
                after.Add(tx.TxId);
            }

            Thread.Sleep(200);
            return after.Any(seen.ContainsKey);
        }, Patience), $"an event of a commit after the outage, on the connection made before it ({after.Count} committed)");
        Assert.Equal(HubConnectionState.Connected, connection.State);
    });

    private static bool Committed(HttpClient client, SignedTransaction tx)
    {
        using var response = client.PostAsync("/api/transactions", RegisterFlows.Body(tx.Json)).GetAwaiter().GetResult();
        return response.StatusCode is HttpStatusCode.Created or HttpStatusCode.OK;
    }
}
