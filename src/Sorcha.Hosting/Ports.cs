using System.Net;
using System.Net.Sockets;

namespace Sorcha.Hosting;

public static class Ports
{
    private static readonly HashSet<int> Issued = [];

    /// <summary>
    /// A loopback port that is free right now, below the kernel's ephemeral range. A port from that range (what binding
    /// to port 0 gives) can be taken as the local end of any outgoing connection on the machine between this check and
    /// the resource binding it; below the range only another listener can take it.
    /// </summary>
    public static int Free()
    {
        var (low, high) = (10_000, Math.Min(EphemeralLow(), 32_768));
        for (var attempt = 0; attempt < 200 && high - low > 1_000; attempt++)
        {
            var port = Random.Shared.Next(low, high);
            lock (Issued)
            {
                if (!Issued.Contains(port) && CanBind(port))
                {
                    Issued.Add(port);
                    return port;
                }
            }
        }

        using var listener = new TcpListener(IPAddress.Loopback, 0);
        listener.Start();
        return ((IPEndPoint)listener.LocalEndpoint).Port;
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
