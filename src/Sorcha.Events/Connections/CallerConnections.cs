using System.Globalization;
using Microsoft.Extensions.Options;

namespace Sorcha.Events.Connections;

/// <summary>
/// The hub connections each caller holds on this replica, at most <see cref="LiveEventsOptions.MaxConnectionsPerCaller"/>.
/// Counted in memory, per replica: a connection lives on one replica (the gateway keeps a client there), and a count
/// that a crashed replica left in Redis would refuse a caller for nothing. A caller therefore holds at most the limit
/// times the replicas (docs/limits.md, "Live events"). Only callers with a live connection have an entry.
/// </summary>
public sealed class CallerConnections(IOptions<LiveEventsOptions> options)
{
    private readonly Dictionary<string, HashSet<string>> _open = new(StringComparer.Ordinal);
    private readonly Lock _gate = new();

    public int Limit => options.Value.MaxConnectionsPerCaller;

    /// <summary>The refusal's wording, the same at negotiate (409) and at connect (hub error).</summary>
    public static string Refusal(int limit) => string.Create(CultureInfo.InvariantCulture,
        $"Too many live-event connections: a caller may hold {limit} ({LiveEventsOptions.Section}:" +
        $"{nameof(LiveEventsOptions.MaxConnectionsPerCaller)}). Close one, or subscribe to more on one connection.");

    /// <summary>Whether <paramref name="caller"/> has room for one more (a cheap early answer; <see cref="TryOpen"/> decides).</summary>
    public bool HasRoom(string caller)
    {
        lock (_gate)
        {
            return !_open.TryGetValue(caller, out var ids) || ids.Count < Limit;
        }
    }

    public bool TryOpen(string caller, string connectionId)
    {
        lock (_gate)
        {
            if (!_open.TryGetValue(caller, out var ids))
            {
                _open[caller] = ids = new HashSet<string>(StringComparer.Ordinal);
            }

            return ids.Count < Limit && ids.Add(connectionId);
        }
    }

    public void Close(string caller, string connectionId)
    {
        lock (_gate)
        {
            if (_open.TryGetValue(caller, out var ids) && ids.Remove(connectionId) && ids.Count == 0)
            {
                _open.Remove(caller);
            }
        }
    }

    /// <summary>Connections open for <paramref name="caller"/> here (tests, diagnostics).</summary>
    public int CountOf(string caller)
    {
        lock (_gate)
        {
            return _open.TryGetValue(caller, out var ids) ? ids.Count : 0;
        }
    }
}
