using System.Globalization;
using System.Net;
using System.Net.Sockets;
using System.Text;
using Sorcha.Hosting;

namespace Sorcha.AppHost.Redis;

/// <summary>
/// <c>--Redis:Provider cluster</c>: a real Redis Cluster on loopback (3 masters + 3 replicas, AOF on), run by
/// scripts/redis-cluster.sh as one resource — stopping it stops the six nodes. The nodes live under the data directory
/// and keep their ports across runs (a cluster's nodes.conf names its peers by port), so state survives a restart.
/// </summary>
internal static class RedisCluster
{
    public const int Nodes = 6;

    public static RedisChoice Choice(SorchaAppOptions options)
    {
        var dir = RedisSelector.Dir(options, "redis-cluster");
        var basePort = BasePort(dir);
        var script = Path.Combine(options.RepositoryRoot, "scripts", "redis-cluster.sh");
        var endpoints = string.Join(",", Enumerable.Range(basePort, Nodes).Select(p => $"127.0.0.1:{p}"));
        var resource = new ResourceSpec(RedisSelector.ResourceName, "bash", [script, "run", dir, $"{basePort}"])
        {
            Environment = new Dictionary<string, string> { ["REDIS_APPENDFSYNC"] = options.RedisAppendFsync },
            Port = basePort,
            Readiness = ClusterOk(basePort),
        };
        return new("cluster", endpoints, resource, "Redis:Provider cluster was asked for");
    }

    /// <summary>The ports an earlier run of this data directory used, or six free ones whose bus ports (+10000) are free too.</summary>
    private static int BasePort(string dir)
    {
        var file = Path.Combine(dir, "base-port");
        if (File.Exists(file))
        {
            return int.Parse(File.ReadAllText(file).Trim(), CultureInfo.InvariantCulture);
        }

        for (var attempt = 0; attempt < 200; attempt++)
        {
            // Below the kernel's ephemeral range (from 32768), bus ports included, as Ports.Free explains.
            var candidate = Random.Shared.Next(10_000, 22_000);
            if (Enumerable.Range(candidate, Nodes).All(p => CanBind(p) && CanBind(p + 10_000)))
            {
                File.WriteAllText(file, candidate.ToString(CultureInfo.InvariantCulture));
                return candidate;
            }
        }

        throw new InvalidOperationException("No six free loopback ports (and bus ports) for a Redis Cluster.");
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

    /// <summary>Ready when the first node says <c>cluster_state:ok</c> (every slot served), not merely when it answers PING.</summary>
    private static Func<CancellationToken, Task<bool>> ClusterOk(int port) => async ct =>
    {
        try
        {
            using var client = new TcpClient();
            using var timeout = CancellationTokenSource.CreateLinkedTokenSource(ct);
            timeout.CancelAfter(TimeSpan.FromSeconds(2));
            await client.ConnectAsync(IPAddress.Loopback, port, timeout.Token);
            var stream = client.GetStream();
            await stream.WriteAsync("CLUSTER INFO\r\n"u8.ToArray(), timeout.Token);
            var reply = new StringBuilder();
            var buffer = new byte[4096];
            while (!reply.ToString().Contains("cluster_size", StringComparison.Ordinal))
            {
                var read = await stream.ReadAsync(buffer, timeout.Token);
                if (read == 0)
                {
                    break;
                }

                reply.Append(Encoding.ASCII.GetString(buffer, 0, read));
            }

            return reply.ToString().Contains("cluster_state:ok", StringComparison.Ordinal);
        }
        catch (Exception ex) when (ex is SocketException or IOException or OperationCanceledException)
        {
            return false;
        }
    };
}
