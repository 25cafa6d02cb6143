using System.Globalization;
using System.Net;
using System.Net.Sockets;
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
        // configCheckSeconds: the client library re-reads the cluster's layout every second, so that it finds a promoted
        // replica soon after a failover; by default it looks every 60 s and keeps sending to the dead master till then.
        var endpoints = string.Join(",", Enumerable.Range(basePort, Nodes).Select(p => $"127.0.0.1:{p}")) + ",configCheckSeconds=1";
        var resource = new ResourceSpec(RedisSelector.ResourceName, "bash", [script, "run", dir, $"{basePort}"])
        {
            Environment = new Dictionary<string, string> { ["REDIS_APPENDFSYNC"] = options.RedisAppendFsync },
            Port = basePort,
            // The script marks the cluster ready once every slot is served and every replica has synced.
            Readiness = _ => Task.FromResult(File.Exists(Path.Combine(dir, "ready"))),
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
}
