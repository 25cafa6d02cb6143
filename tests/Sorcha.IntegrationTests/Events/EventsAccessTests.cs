using Sorcha.Contracts.Events;
using System.Net;
using System.Net.Http.Headers;
using Microsoft.AspNetCore.Http.Connections;
using Microsoft.AspNetCore.SignalR;
using Microsoft.AspNetCore.SignalR.Client;
using Sorcha.Events;
using Sorcha.IntegrationTests.Infrastructure;

namespace Sorcha.IntegrationTests.Events;

/// <summary>Who may connect to the live-events hub and subscribe to what (docs/api.md, "Live events"), through the gateway.</summary>
[Trait(Rerun.Trait, Rerun.Replicas)]
[Trait(Rerun.Trait, Rerun.Cluster)]
[Collection(PlatformScope.Name)]
public sealed class EventsAccessTests(PlatformFixture platform) : IAsyncDisposable
{
    private readonly EventClients _events = new(platform);

    [Fact]
    public async Task A_connection_without_a_valid_token_is_refused_with_401()
    {
        var anonymous = await _events.ConnectionAsync(clientId: null);
        var refused = await Assert.ThrowsAsync<HttpRequestException>(() => anonymous.StartAsync());
        Assert.Equal(HttpStatusCode.Unauthorized, refused.StatusCode);

        // The raw negotiate and a WebSocket connect that skips it, with no token or a forged one in the query.
        using var plain = new HttpClient { BaseAddress = platform.Gateway.BaseAddress };
        foreach (var query in new[] { "", "&access_token=not.a.token" })
        {
            using var negotiate = await plain.PostAsync($"{EventsHub.Path}/negotiate?negotiateVersion=1{query}", null);
            await ProblemAssert.IsProblemAsync(negotiate, HttpStatusCode.Unauthorized);
        }

        using var connect = await plain.GetAsync($"{EventsHub.Path}?id=whatever");
        Assert.Equal(HttpStatusCode.Unauthorized, connect.StatusCode);
    }

    [Fact]
    public async Task A_token_in_the_query_is_accepted_on_the_hub_path_only()
    {
        var token = await platform.TokenAsync("events-query-token");
        using var plain = new HttpClient { BaseAddress = platform.Gateway.BaseAddress };
        using var negotiate = await plain.PostAsync($"{EventsHub.Path}/negotiate?negotiateVersion=1&access_token={token}", null);
        Assert.Equal(HttpStatusCode.OK, negotiate.StatusCode);
        Assert.Contains("connectionToken", await negotiate.Content.ReadAsStringAsync(), StringComparison.Ordinal);

        // Elsewhere a URL's token is not read: it would end up in logs.
        using var api = await plain.GetAsync($"/api/registers?access_token={token}");
        Assert.Equal(HttpStatusCode.Unauthorized, api.StatusCode);
    }

    [Fact]
    public async Task A_stranger_gets_a_hub_error_for_a_wallet_and_never_its_events_while_its_owner_does()
    {
        using var owner = await platform.ClientAsync("events-owner");
        var wallet = await InstanceFlows.WalletAsync(owner);
        var blueprint = await BlueprintFlows.PublishedAsync(owner, "expense-approval");
        var register = await InstanceFlows.RegisterAsync(owner);

        var mine = await _events.StartedAsync("events-owner");
        var ownerSees = new Received<ActionAvailable>(mine, LiveEvents.Names.ActionAvailable);
        await mine.InvokeAsync(nameof(EventsHub.SubscribeWallet), wallet);

        var theirs = await _events.StartedAsync("events-stranger");
        var strangerWallets = new[] { LiveEvents.Names.ActionAvailable, LiveEvents.Names.ActionCommitted,
            LiveEvents.Names.ActionRejected, LiveEvents.Names.InstanceEnded }.Select(n => new Received<object>(theirs, n)).ToList();
        var strangerCommits = new Received<TransactionAppended>(theirs, LiveEvents.Names.TransactionAppended);
        var refusal = await Assert.ThrowsAsync<HubException>(() => theirs.InvokeAsync(nameof(EventsHub.SubscribeWallet), wallet));
        Assert.Contains("not found", refusal.Message, StringComparison.Ordinal);
        // A register anyone may follow: the stranger's connection is live and sees the workflow's commits.
        await theirs.InvokeAsync(nameof(EventsHub.SubscribeRegister), register);

        // The workflow runs (its wallet events are the Blueprint service's), and a wallet event raised on the bus as any
        // service raises one: the owner gets it, the stranger none.
        var instance = await InstanceFlows.InstanceAsync(owner, blueprint, register,
            new Dictionary<string, string> { ["employee"] = wallet, ["manager"] = wallet, ["finance"] = wallet });
        await Json.PostAsync(owner, $"/api/instances/{instance}/actions/submit",
            new { sender = wallet, data = InstanceFlows.Claim }, HttpStatusCode.Created);
        var raised = new ActionAvailable(instance, "approve", wallet, DateTimeOffset.UtcNow);
        await (await _events.PublisherAsync()).ToWalletsAsync([wallet], LiveEvents.Names.ActionAvailable, raised);

        Assert.True(await ownerSees.UntilAsync(seen => seen.Contains(raised)), "the owner receives its wallet's event");
        Assert.True(await strangerCommits.UntilAsync(seen => seen.Any(e => e.RegisterId == register && e.Sequence == 0)),
            "the stranger's connection receives the register's commit");
        Assert.All(strangerWallets, r => Assert.Equal(0, r.Count));
    }

    [Fact]
    public async Task Subscribing_to_an_unknown_or_malformed_register_or_address_is_a_hub_error_and_the_connection_stays()
    {
        var connection = await _events.StartedAsync("events-unknown");
        foreach (var (method, id) in new[] { (nameof(EventsHub.SubscribeRegister), new string('0', 32)),
            (nameof(EventsHub.SubscribeRegister), "not-a-register"), (nameof(EventsHub.SubscribeWallet), "bad address with spaces") })
        {
            await Assert.ThrowsAsync<HubException>(() => connection.InvokeAsync(method, id));
        }

        Assert.Equal(HubConnectionState.Connected, connection.State);
        await connection.InvokeAsync(nameof(EventsHub.UnsubscribeRegister), new string('0', 32)); // nothing to leave: fine
    }

    [Theory]
    [InlineData(HttpTransportType.ServerSentEvents)]
    [InlineData(HttpTransportType.LongPolling)]
    public async Task Events_arrive_over_server_sent_events_and_long_polling_too(HttpTransportType transport)
    {
        using var client = await platform.ClientAsync("events-transport");
        var register = (await RegisterFlows.RegisterAsync(client)).Id;
        var connection = await _events.StartedAsync("events-transport", transport);
        var appended = new Received<TransactionAppended>(connection, LiveEvents.Names.TransactionAppended);
        await connection.InvokeAsync(nameof(EventsHub.SubscribeRegister), register);

        var tx = RegisterFlows.Build(register, Signer.New());
        await RegisterFlows.SubmitAsync(client, tx, HttpStatusCode.Created);
        Assert.True(await appended.UntilAsync(seen => seen.Any(e => e.TxId == tx.TxId)), $"TransactionAppended over {transport}");
    }

    public ValueTask DisposeAsync() => _events.DisposeAsync();
}
