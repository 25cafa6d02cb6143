using System.Diagnostics;
using System.Diagnostics.Metrics;
using Sorcha.ServiceDefaults.Telemetry;

namespace Sorcha.Events;

/// <summary>Live events in metrics (docs/observability.md): what is published, and who listens on this replica.</summary>
public static class EventsTelemetry
{
    public static readonly Meter Meter = new(TelemetrySetup.SourcePrefix + "Events");

    /// <summary>Tag: the event's name (<see cref="LiveEvents.Names"/>, six values).</summary>
    public const string EventTag = "sorcha.event.name";

    /// <summary>Tag: what a subscription follows, <c>wallet</c> or <c>register</c>.</summary>
    public const string KindTag = "sorcha.subscription.kind";

    public static readonly Counter<long> Sent = Meter.CreateCounter<long>("sorcha.live_events.sent", "{event}",
        "Live events this process published to the backplane, one per event and group set (a wallet event to three wallets is one).");

    public static readonly Counter<long> Failed = Meter.CreateCounter<long>("sorcha.live_events.failed", "{event}",
        "Live events that did not reach the backplane (Redis down); subscribers catch up through the API.");

    public static readonly UpDownCounter<long> Connections = Meter.CreateUpDownCounter<long>("sorcha.live_events.connections",
        "{connection}", "Event hub connections open on this replica.");

    public static readonly UpDownCounter<long> Subscriptions = Meter.CreateUpDownCounter<long>("sorcha.live_events.subscriptions",
        "{subscription}", "Subscriptions held by this replica's connections, by what they follow.");

    internal static void Published(string eventName) => Sent.Add(1, new KeyValuePair<string, object?>(EventTag, eventName));

    internal static void Subscribed(string group, int delta) =>
        Subscriptions.Add(delta, new KeyValuePair<string, object?>(KindTag, group.StartsWith("wallet:", StringComparison.Ordinal) ? "wallet" : "register"));

    internal static void Unsubscribed(IEnumerable<string> groups)
    {
        foreach (var group in groups)
        {
            Subscribed(group, -1);
        }
    }

    internal static TagList NameTag(string eventName) => new() { { EventTag, eventName } };
}
