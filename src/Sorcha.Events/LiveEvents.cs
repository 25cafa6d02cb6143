using Sorcha.Contracts.Events;
using System.Diagnostics;
using Microsoft.AspNetCore.SignalR;
using Microsoft.Extensions.Logging;
using Sorcha.ServiceDefaults.Telemetry;

namespace Sorcha.Events;

/// <summary>
/// Raises live events from any service: one Redis PUBLISH per group on the backplane (the hub's replicas deliver it to
/// their connections in that group), nothing else on the caller's path. The publish is issued before the method
/// returns, in call order, so events raised one after another on one thread (a register's commit lane) reach Redis in
/// that order. The returned task completes when Redis acknowledged; it never faults: a failure is logged as a warning
/// and the write that raised the event stands, since clients catch up through /api/inbox and the register reads.
/// Callers on a request path need not await it (<c>_ = events.ToRegisterAsync(...)</c>).
/// </summary>
public sealed class LiveEvents(IHubContext<EventsHub> hub, ILogger<LiveEvents> logger)
{
    /// <summary>The event names clients listen for (<c>connection.On("ActionAvailable", …)</c>).</summary>
    public static class Names
    {
        public const string ActionAvailable = nameof(Contracts.Events.ActionAvailable);
        public const string ActionCommitted = nameof(Contracts.Events.ActionCommitted);
        public const string ActionRejected = nameof(Contracts.Events.ActionRejected);
        public const string InstanceEnded = nameof(Contracts.Events.InstanceEnded);
        public const string TransactionAppended = nameof(Contracts.Events.TransactionAppended);
        public const string DocketSealed = nameof(Contracts.Events.DocketSealed);
    }

    /// <summary>
    /// A producer span per event raised, in the trace of the change that raised it (an action's ends with its events);
    /// it lasts until the publish is issued, not acknowledged, as the raiser does not wait either.
    /// </summary>
    public static readonly ActivitySource Source = new(TelemetrySetup.SourcePrefix + "Events");

    /// <summary><paramref name="payload"/> to the subscribers of each wallet (each address once).</summary>
    public Task ToWalletsAsync(IEnumerable<string> addresses, string eventName, object payload)
    {
        using var span = Source.StartActivity($"event {eventName}", ActivityKind.Producer)?.SetTag("messaging.system", "signalr")
            .SetTag("messaging.destination.name", "wallet");
        try
        {
            var groups = addresses.Distinct(StringComparer.Ordinal).Select(EventGroups.Wallet).ToList();
            return groups.Count == 0 ? Task.CompletedTask : Observe(hub.Clients.Groups(groups).SendAsync(eventName, payload), eventName);
        }
        catch (Exception e)
        {
            Failed(e, eventName);
            return Task.CompletedTask;
        }
    }

    /// <summary><paramref name="payload"/> to the subscribers of one register.</summary>
    public Task ToRegisterAsync(string registerId, string eventName, object payload)
    {
        using var span = Source.StartActivity($"event {eventName}", ActivityKind.Producer)?.SetTag("messaging.system", "signalr")
            .SetTag("messaging.destination.name", "register");
        try
        {
            return Observe(hub.Clients.Group(EventGroups.Register(registerId)).SendAsync(eventName, payload), eventName);
        }
        catch (Exception e)
        {
            Failed(e, eventName);
            return Task.CompletedTask;
        }
    }

    private Task Observe(Task publish, string eventName)
    {
        EventsTelemetry.Published(eventName);
        return publish.IsCompletedSuccessfully ? Task.CompletedTask : ObserveAsync(publish, eventName);
    }

    private async Task ObserveAsync(Task publish, string eventName)
    {
        try
        {
            await publish.ConfigureAwait(false);
        }
        catch (Exception e)
        {
            Failed(e, eventName);
        }
    }

    private void Failed(Exception e, string eventName)
    {
        EventsTelemetry.Failed.Add(1, EventsTelemetry.NameTag(eventName));
        logger.LogWarning(e, "Live event {Event} was not published; subscribers catch up through the API", eventName);
    }
}
