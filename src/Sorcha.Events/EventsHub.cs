using Microsoft.AspNetCore.Authorization;
using Microsoft.AspNetCore.SignalR;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Options;
using Sorcha.ApiPlatform.Auth;
using Sorcha.Events.Connections;

namespace Sorcha.Events;

/// <summary>
/// The live-events hub at <see cref="Path"/> (docs/api.md, "Live events"). Its full type name keys the backplane's Redis
/// channels, so every service that raises events (through <see cref="LiveEvents"/>) and the one that hosts the hub use
/// this class. A refusal is a <see cref="HubException"/>, whose message reaches the client; the connection stays open.
/// </summary>
[Authorize]
public sealed class EventsHub(ISubscriptionChecks checks, CallerConnections connections, IOptions<LiveEventsOptions> options,
    ILogger<EventsHub> logger) : Hub
{
    public const string Path = HubTokens.PathPrefix + "/events";

    public override Task OnConnectedAsync()
    {
        var caller = Context.User!.CallerId();
        if (!connections.TryOpen(caller, Context.ConnectionId))
        {
            throw new HubException(CallerConnections.Refusal(options.Value.MaxConnectionsPerCaller));
        }

        // The token the caller connected with: subscription checks ask the other services as this caller.
        Context.Items[TokenKey] = ConnectionToken.Of(Context.GetHttpContext());
        Context.Items[SubscriptionsKey] = new HashSet<string>(StringComparer.Ordinal);
        EventsTelemetry.Connections.Add(1);
        return Task.CompletedTask;
    }

    public override Task OnDisconnectedAsync(Exception? exception)
    {
        connections.Close(Context.User!.CallerId(), Context.ConnectionId);
        if (Context.Items.TryGetValue(SubscriptionsKey, out var items) && items is HashSet<string> held)
        {
            EventsTelemetry.Connections.Add(-1);
            EventsTelemetry.Unsubscribed(held);
        }

        return Task.CompletedTask;
    }

    /// <summary>Events of the steps of <paramref name="address"/>: its owner only.</summary>
    public async Task SubscribeWallet(string address)
    {
        if (!EventGroups.IsAddress(address))
        {
            throw new HubException("Not a wallet address.");
        }

        var group = EventGroups.Wallet(address);
        if (Subscriptions.Contains(group))
        {
            return;
        }

        EnsureRoom();
        if (!await AskAsync(token => checks.OwnsWalletAsync(token, address, Context.ConnectionAborted), "wallet"))
        {
            // The Wallet service's own answer to a stranger: nothing tells an unknown wallet from someone else's.
            throw new HubException($"Wallet {address} not found.");
        }

        await JoinAsync(group);
    }

    /// <summary>Commits and dockets of <paramref name="registerId"/>: any authenticated caller, as for register reads.</summary>
    public async Task SubscribeRegister(string registerId)
    {
        var group = EventGroups.Register(registerId);
        if (Subscriptions.Contains(group))
        {
            return;
        }

        EnsureRoom();
        if (!EventGroups.IsRegisterId(registerId)
            || !await AskAsync(token => checks.RegisterExistsAsync(token, registerId, Context.ConnectionAborted), "register"))
        {
            throw new HubException($"Register {registerId} not found.");
        }

        await JoinAsync(group);
    }

    public Task UnsubscribeWallet(string address) => LeaveAsync(EventGroups.Wallet(address ?? ""));

    public Task UnsubscribeRegister(string registerId) => LeaveAsync(EventGroups.Register(registerId ?? ""));

    private const string TokenKey = "sorcha.token";
    private const string SubscriptionsKey = "sorcha.subscriptions";

    private HashSet<string> Subscriptions => (HashSet<string>)Context.Items[SubscriptionsKey]!;

    // A connection's invocations run one at a time (HubOptions.MaximumParallelInvocationsPerClient = 1), so the set
    // needs no lock, and a caller keeps at most one check per connection in flight.
    private void EnsureRoom()
    {
        var limit = options.Value.MaxSubscriptionsPerConnection;
        if (Subscriptions.Count >= limit)
        {
            throw new HubException($"This connection holds {limit} subscriptions, the limit ({LiveEventsOptions.Section}:" +
                $"{nameof(LiveEventsOptions.MaxSubscriptionsPerConnection)}); unsubscribe from one or open another connection.");
        }
    }

    private async Task JoinAsync(string group)
    {
        try
        {
            await Groups.AddToGroupAsync(Context.ConnectionId, group, Context.ConnectionAborted);
        }
        catch (Exception e) when (e is not OperationCanceledException)
        {
            logger.LogWarning(e, "Joining {Group} failed", group);
            throw new HubException("Live events are unavailable (the event bus cannot be reached); try again.");
        }

        if (Subscriptions.Add(group))
        {
            EventsTelemetry.Subscribed(group, 1);
        }
    }

    private async Task LeaveAsync(string group)
    {
        if (Subscriptions.Remove(group))
        {
            EventsTelemetry.Subscribed(group, -1);
            await Groups.RemoveFromGroupAsync(Context.ConnectionId, group, Context.ConnectionAborted);
        }
    }

    /// <summary>A check's answer; a service that could not answer is a refusal the client may retry, never a yes.</summary>
    private async Task<bool> AskAsync(Func<string, Task<bool>> check, string service)
    {
        if (Context.Items[TokenKey] is not string token)
        {
            throw new HubException("This connection carries no bearer token to check the subscription with; reconnect.");
        }

        try
        {
            return await check(token);
        }
        catch (Exception e) when (e is not OperationCanceledException)
        {
            logger.LogWarning(e, "The {Service} check of a subscription failed", service);
            throw new HubException($"The {service} service could not be asked; try again.");
        }
    }
}
