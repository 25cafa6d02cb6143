using System.ComponentModel.DataAnnotations;

namespace Sorcha.Events;

/// <summary>The "Events" section: the hub's bounds per caller and per connection (docs/limits.md, "Live events").</summary>
public sealed class LiveEventsOptions
{
    public const string Section = "Events";

    /// <summary>
    /// Open hub connections per caller (token subject), counted per replica of the hosting service (the gateway keeps a
    /// client on one replica, but a caller that drops its affinity cookie can reach each replica).
    /// </summary>
    [Range(1, 10_000)]
    public int MaxConnectionsPerCaller { get; set; } = 20;

    /// <summary>Wallet and register subscriptions one connection may hold at once.</summary>
    [Range(1, 10_000)]
    public int MaxSubscriptionsPerConnection { get; set; } = 100;

    /// <summary>
    /// Events queued for one connection that the client has not read yet. One more and the connection is closed (it
    /// catches up through /api/inbox and the register reads when it reconnects): a client that stops reading holds
    /// this much, never more, and never slows another.
    /// </summary>
    [Range(1, 100_000)]
    public int MaxQueuedPerConnection { get; set; } = 256;

    /// <summary>The largest message a client may send (a hub invocation); a larger one closes that connection.</summary>
    [Range(256, 1024 * 1024)]
    public int MaxReceiveMessageBytes { get; set; } = 4 * 1024;
}
