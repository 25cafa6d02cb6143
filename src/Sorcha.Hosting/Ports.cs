using System.Net;
using System.Net.Sockets;

namespace Sorcha.Hosting;

public static class Ports
{
    /// <summary>A loopback port that is free right now (the OS picks it).</summary>
    public static int Free()
    {
        using var listener = new TcpListener(IPAddress.Loopback, 0);
        listener.Start();
        return ((IPEndPoint)listener.LocalEndpoint).Port;
    }
}
