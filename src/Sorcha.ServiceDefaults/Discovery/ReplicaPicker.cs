using System.Collections.Concurrent;
using Microsoft.Extensions.Configuration;

namespace Sorcha.ServiceDefaults.Discovery;

/// <summary>
/// Round robin over a service's replicas (services:{name}:http:0, :1 …). A replica that just refused a connection goes
/// to the back of the order for <see cref="DownFor"/>, so callers stop paying a failed connect per request while it
/// restarts, and it is tried again by itself afterwards (no health polling needed).
/// </summary>
public sealed class ReplicaPicker(IConfiguration configuration)
{
    public static readonly TimeSpan DownFor = TimeSpan.FromSeconds(2);

    private readonly ConcurrentDictionary<string, Uri[]> _replicas = new(StringComparer.Ordinal);
    private readonly ConcurrentDictionary<string, Turn> _turns = new(StringComparer.Ordinal);
    private readonly ConcurrentDictionary<Uri, long> _downUntil = new();

    /// <summary>Every replica of <paramref name="service"/>, the next in turn first and recently refusing ones last.</summary>
    public IReadOnlyList<Uri> Order(string service)
    {
        var all = _replicas.GetOrAdd(service, s => [.. ServiceDiscovery.ResolveAll(configuration, s)]);
        if (all.Length <= 1)
        {
            return all;
        }

        var start = (int)((uint)Interlocked.Increment(ref _turns.GetOrAdd(service, _ => new Turn()).Next) % (uint)all.Length);
        var now = Environment.TickCount64;
        var up = new List<Uri>(all.Length);
        var down = new List<Uri>();
        for (var i = 0; i < all.Length; i++)
        {
            var replica = all[(start + i) % all.Length];
            (_downUntil.TryGetValue(replica, out var until) && until > now ? down : up).Add(replica);
        }

        up.AddRange(down);
        return up;
    }

    /// <summary>The replica refused a connection: try the others first for a moment.</summary>
    public void MarkDown(Uri replica) => _downUntil[replica] = Environment.TickCount64 + (long)DownFor.TotalMilliseconds;

    private sealed class Turn
    {
        public int Next = -1;
    }
}
