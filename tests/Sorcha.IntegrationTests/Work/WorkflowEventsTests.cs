using Sorcha.Contracts.Events;
using System.Text.Json;
using Microsoft.AspNetCore.SignalR.Client;
using Sorcha.Client;
using Sorcha.Events;
using Sorcha.IntegrationTests.Events;
using Sorcha.IntegrationTests.Infrastructure;

namespace Sorcha.IntegrationTests.Work;

/// <summary>
/// The Blueprint service's live events as two participants live them through the gateway: each learns that a step
/// awaits it (ActionAvailable) without polling, both hear every commit and rejection of their instance and its end,
/// and a third caller hears nothing of it. With the Replicas rerun the hub's connections and the replica that raised an
/// event are often not the same (the Redis backplane carries them).
/// </summary>
[Trait(Rerun.Trait, Rerun.Replicas)]
[Trait(Rerun.Trait, Rerun.Cluster)]
[Collection(PlatformScope.Name)]
public sealed class WorkflowEventsTests(PlatformFixture platform) : IAsyncDisposable
{
    private readonly EventClients _events = new(platform);

    [Fact]
    public async Task Participants_are_told_of_their_turn_of_each_commit_and_rejection_and_of_the_end_and_nobody_else_is()
    {
        var run = Guid.NewGuid().ToString("N")[..8];
        var (e, m, s) = ($"events-employee-{run}", $"events-manager-{run}", $"events-stranger-{run}");
        using var employeeHttp = await platform.ClientAsync(e);
        using var managerHttp = await platform.ClientAsync(m);
        var (employee, manager) = (new SorchaClient(employeeHttp), new SorchaClient(managerHttp));
        var employeeWallet = await InstanceFlows.WalletAsync(employeeHttp);
        var managerWallet = await InstanceFlows.WalletAsync(managerHttp);
        var employeeHears = await ListenAsync(e, employeeWallet);
        var managerHears = await ListenAsync(m, managerWallet);
        var strangerHears = await ListenAsync(s, wallet: null);

        var blueprint = await BlueprintFlows.PublishedAsync(employeeHttp, "expense-approval");
        var register = await InstanceFlows.RegisterAsync(employeeHttp);
        var instance = await InstanceFlows.InstanceAsync(employeeHttp, blueprint, register,
            new Dictionary<string, string> { ["employee"] = employeeWallet, ["manager"] = managerWallet, ["finance"] = managerWallet });
        await employeeHears.AwaitAsync($"ActionAvailable {instance} submit {employeeWallet}");

        var claim = JsonSerializer.SerializeToNode(InstanceFlows.Claim);
        var submitted = await employee.Instances.SubmitActionAsync(instance, "submit", employeeWallet, claim);
        await managerHears.AwaitAsync($"ActionAvailable {instance} approve {managerWallet}");
        foreach (var participant in new[] { employeeHears, managerHears })
        {
            await participant.AwaitAsync($"ActionCommitted {instance} submit {submitted.TxId} {submitted.Sequence}");
        }

        var sentBack = await manager.Instances.RejectActionAsync(instance, "approve", managerWallet, "Receipt missing.");
        await employeeHears.AwaitAsync($"ActionAvailable {instance} submit {employeeWallet}", times: 2);
        await managerHears.AwaitAsync($"ActionRejected {instance} approve {sentBack.TxId}");

        await employee.Instances.SubmitActionAsync(instance, "submit", employeeWallet, claim);
        await managerHears.AwaitAsync($"ActionAvailable {instance} approve {managerWallet}", times: 2);
        await manager.Instances.SubmitActionAsync(instance, "approve", managerWallet,
            JsonSerializer.SerializeToNode(new { decision = "approved", approvedAmount = 500 }));
        foreach (var participant in new[] { employeeHears, managerHears })
        {
            await participant.AwaitAsync($"InstanceEnded {instance} completed");
        }

        // In the order they were raised, for each participant: every event of a step before the next step's.
        Assert.Equal(
            [
                $"ActionAvailable {instance} submit {employeeWallet}", $"ActionCommitted {instance} submit {submitted.TxId} {submitted.Sequence}",
                $"ActionRejected {instance} approve {sentBack.TxId}", $"ActionAvailable {instance} submit {employeeWallet}",
            ],
            employeeHears.Heard.Take(4));
        Assert.Empty(strangerHears.Heard);
    }

    /// <summary>A started connection for <paramref name="clientId"/> hearing the four wallet events, subscribed to <paramref name="wallet"/>.</summary>
    private async Task<Listener> ListenAsync(string clientId, string? wallet)
    {
        var connection = await _events.StartedAsync(clientId);
        var listener = new Listener();
        connection.On<ActionAvailable>(LiveEvents.Names.ActionAvailable, a => listener.Add($"ActionAvailable {a.InstanceId} {a.ActionId} {a.Wallet}"));
        connection.On<ActionCommitted>(LiveEvents.Names.ActionCommitted,
            c => listener.Add($"ActionCommitted {c.InstanceId} {c.ActionId} {c.TxId} {c.Sequence}"));
        connection.On<ActionRejected>(LiveEvents.Names.ActionRejected, r => listener.Add($"ActionRejected {r.InstanceId} {r.ActionId} {r.TxId}"));
        connection.On<InstanceEnded>(LiveEvents.Names.InstanceEnded, x => listener.Add($"InstanceEnded {x.InstanceId} {x.State}"));
        if (wallet is not null)
        {
            await connection.InvokeAsync(nameof(EventsHub.SubscribeWallet), wallet);
        }

        return listener;
    }

    public ValueTask DisposeAsync() => _events.DisposeAsync();

    /// <summary>What one connection heard, as lines, in arrival order.</summary>
    private sealed class Listener
    {
        private readonly List<string> _heard = [];

        public IReadOnlyList<string> Heard
        {
            get
            {
                lock (_heard)
                {
                    return [.. _heard];
                }
            }
        }

        public void Add(string line)
        {
            lock (_heard)
            {
                _heard.Add(line);
            }
        }

        public async Task AwaitAsync(string line, int times = 1) =>
            Assert.True(await Poll.UntilAsync(() => Heard.Count(h => h == line) >= times, EventClients.Patience),
                $"never heard '{line}' {times}×; heard: {string.Join(" | ", Heard)}");
    }
}
