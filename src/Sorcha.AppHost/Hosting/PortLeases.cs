using System.Net;
using System.Net.Sockets;

namespace Sorcha.AppHost.Hosting;

/// <summary>
/// The one allocator of every port a Sorcha platform binds that was not given (the gateway's with --Gateway:Port 0,
/// each service's, Redis's, the dashboard's OTLP intake). A port is leased machine-wide by holding an exclusive lock on
/// a file named after it (TMPDIR/sorcha-ports/PORT) for as long as this process lives; the kernel drops the lock
/// when the process dies, however it dies. Two platforms started at once (the gate's A/B run, parallel test fixtures)
/// therefore never get the same port, which "probe, then bind" could not promise: between the probe and the bind,
/// another platform's process took the port. Ports come from below the kernel's ephemeral range, so no outgoing
/// connection on the machine can take one as its local end in the meantime either.
/// </summary>
public static class PortLeases
{
    private const int Low = 10_000;
    private static readonly string Folder = Path.Combine(Path.GetTempPath(), "sorcha-ports");
    private static readonly Dictionary<int, FileStream> Held = [];

    /// <summary>A free loopback port, leased to this process until it exits.</summary>
    public static int Lease() => LeaseRange(1, 0);

    /// <summary>
    /// The first of <paramref name="count"/> consecutive free ports, each leased; with <paramref name="alsoOffset"/> &gt; 0
    /// the ports that far above them too (a Redis Cluster's bus ports).
    /// </summary>
    public static int LeaseRange(int count, int alsoOffset)
    {
        var high = Math.Min(EphemeralLow(), 32_768) - count - alsoOffset;
        for (var attempt = 0; attempt < 500; attempt++)
        {
            var first = Random.Shared.Next(Low, high);
            if (TryLeaseRange(first, count, alsoOffset))
            {
                return first;
            }
        }

        throw new InvalidOperationException($"No {count} free loopback ports between {Low} and {high}.");
    }

    /// <summary>Leases exactly these ports (a cluster's ports, kept across runs), or none of them.</summary>
    public static bool TryLeaseRange(int first, int count, int alsoOffset)
    {
        var ports = Enumerable.Range(first, count).SelectMany(p => alsoOffset > 0 ? [p, p + alsoOffset] : new[] { p }).ToList();
        lock (Held)
        {
            var taken = new List<int>();
            foreach (var port in ports)
            {
                if (!TryLease(port))
                {
                    taken.ForEach(Release);
                    return false;
                }

                taken.Add(port);
            }

            return true;
        }
    }

    /// <summary>Gives a lease back (a platform that stopped); the port may then go to another platform.</summary>
    public static void Release(int port)
    {
        lock (Held)
        {
            if (Held.Remove(port, out var file))
            {
                file.Dispose();
            }
        }
    }

    private static bool TryLease(int port)
    {
        if (Held.ContainsKey(port))
        {
            return false;
        }

        FileStream file;
        try
        {
            Directory.CreateDirectory(Folder);
            // FileShare.None takes an exclusive advisory lock (flock) on Unix: a second holder, in any process, fails here.
            file = new FileStream(Path.Combine(Folder, port.ToString(System.Globalization.CultureInfo.InvariantCulture)),
                FileMode.OpenOrCreate, FileAccess.ReadWrite, FileShare.None);
        }
        catch (IOException)
        {
            return false;
        }
        catch (UnauthorizedAccessException)
        {
            return false;
        }

        // A program that is not a Sorcha platform may listen there: leased or not, such a port is no use.
        if (!CanBind(port))
        {
            file.Dispose();
            return false;
        }

        Held[port] = file;
        return true;
    }

    private static bool CanBind(int port)
    {
        try
        {
            using var listener = new TcpListener(IPAddress.Loopback, port);
            listener.Start();
            return true;
        }
        catch (SocketException)
        {
            return false;
        }
    }

    /// <summary>The first ephemeral port (Linux: /proc/sys/net/ipv4/ip_local_port_range; elsewhere the IANA 49152).</summary>
    private static int EphemeralLow()
    {
        const string range = "/proc/sys/net/ipv4/ip_local_port_range";
        var first = File.Exists(range) ? File.ReadAllText(range).Split((char[])['\t', ' '], StringSplitOptions.RemoveEmptyEntries)[0] : null;
        return int.TryParse(first, out var low) ? low : 49_152;
    }
}
