using Sorcha.Contracts.Events;
using System.Net;
using Microsoft.AspNetCore.SignalR.Client;
using Sorcha.Events;
using Sorcha.IntegrationTests.Infrastructure;

namespace Sorcha.IntegrationTests.Events;

/// <summary>
/// A register's subscribers see its commits in sequence order, whichever Transaction replica committed them, and each
/// docket once, whichever Register replica sealed it (docs/api.md, "Live events").
/// </summary>
[Trait(Rerun.Trait, Rerun.Replicas)]
[Trait(Rerun.Trait, Rerun.Cluster)]
[Collection(PlatformScope.Name)]
public sealed class RegisterEventsTests(PlatformFixture platform) : IAsyncDisposable
{
    private readonly EventClients _events = new(platform);

    [Fact]
    public async Task A_register_subscriber_receives_every_commit_in_sequence_order_then_the_dockets()
    {
        using var client = await platform.ClientAsync("events-register");
        var register = (await RegisterFlows.RegisterAsync(client)).Id;
        var connection = await _events.StartedAsync("events-register-reader");
        var appended = new Received<TransactionAppended>(connection, LiveEvents.Names.TransactionAppended);
        var sealedDockets = new Received<DocketSealed>(connection, LiveEvents.Names.DocketSealed);
        await connection.InvokeAsync(nameof(EventsHub.SubscribeRegister), register);
        await connection.InvokeAsync(nameof(EventsHub.SubscribeRegister), register); // twice is once

        // One at a time (each through any replica), then a batch (one append), then one resubmitted (no new commit).
        var signer = Signer.New();
        var singles = Enumerable.Range(0, 4).Select(_ => RegisterFlows.Build(register, signer)).ToList();
        foreach (var tx in singles)
        {
            await RegisterFlows.SubmitAsync(client, tx, HttpStatusCode.Created);
        }

        var batch = Enumerable.Range(0, 6).Select(_ => RegisterFlows.Build(register, signer)).ToList();
        using (var response = await client.PostAsync("/api/transactions/batch", RegisterFlows.BatchBody(batch)))
        {
            Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        }

        await RegisterFlows.SubmitAsync(client, singles[0], HttpStatusCode.OK);
        var expected = singles.Concat(batch).Select((tx, i) => (tx.TxId, Sequence: (long)i)).ToList();

        Assert.True(await appended.UntilAsync(seen => seen.Count >= expected.Count), $"{expected.Count} TransactionAppended");
        Assert.Equal(expected, appended.Items.Select(e => (e.TxId, e.Sequence)));
        Assert.All(appended.Items, e => Assert.Equal(register, e.RegisterId));

        // Dockets: numbered from 0 without a gap, each once, the last one covering all ten.
        Assert.True(await sealedDockets.UntilAsync(seen => seen.Count > 0 && seen[^1].TreeSize == expected.Count, RegisterFlows.SealingPatience),
            "DocketSealed up to treeSize 10");
        Assert.Equal(Enumerable.Range(0, sealedDockets.Count).Select(n => (long)n), sealedDockets.Items.Select(d => d.Number));
        var dockets = await RegisterFlows.DocketsAsync(client, register);
        Assert.Equal(dockets.Select(d => d.TreeSize), sealedDockets.Items.Select(d => (long?)d.TreeSize));

        // Unsubscribed: the next commit is not sent to this connection.
        await connection.InvokeAsync(nameof(EventsHub.UnsubscribeRegister), register);
        var marker = await _events.StartedAsync("events-register-marker");
        var markerSees = new Received<TransactionAppended>(marker, LiveEvents.Names.TransactionAppended);
        await marker.InvokeAsync(nameof(EventsHub.SubscribeRegister), register);
        await RegisterFlows.SubmitAsync(client, RegisterFlows.Build(register, signer), HttpStatusCode.Created);
        Assert.True(await markerSees.UntilAsync(seen => seen.Count == 1), "the other subscriber sees the next commit");
        Assert.Equal(expected.Count, appended.Count);
        Assert.Equal(HubConnectionState.Connected, connection.State);
    }

    public ValueTask DisposeAsync() => _events.DisposeAsync();
}
