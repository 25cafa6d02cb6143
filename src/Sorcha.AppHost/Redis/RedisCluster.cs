using System.Globalization;
using Sorcha.AppHost.Hosting;

namespace Sorcha.AppHost.Redis;

/// <summary>
/// <c>--Redis:Provider cluster</c>: a real Redis Cluster on loopback (3 masters + 3 replicas, AOF on), run by
/// redis-cluster.sh beside this file as one resource — stopping it stops the six nodes. The nodes live under the data
/// directory and keep their ports across runs (a cluster's nodes.conf names its peers by port), so state survives a restart.
/// </summary>
internal static class RedisCluster
{
    public const int Nodes = 6;

    public static RedisChoice Choice(SorchaAppOptions options)
    {
        var dir = RedisSelector.Dir(options, "redis-cluster");
        var basePort = BasePort(dir);
        var script = Path.Combine(options.RepositoryRoot, "src", "Sorcha.AppHost", "Redis", "redis-cluster.sh");
        // configCheckSeconds: the client library re-reads the cluster's layout every second, so that it finds a promoted
        // replica soon after a failover; by default it looks every 60 s and keeps sending to the dead master till then.
        var endpoints = string.Join(",", Enumerable.Range(basePort, Nodes).Select(p => $"127.0.0.1:{p}")) + ",configCheckSeconds=1";
        var launch = new RedisLaunch("bash", [script, "run", dir, $"{basePort}"], basePort)
        {
            Environment = new Dictionary<string, string> { ["REDIS_APPENDFSYNC"] = options.RedisAppendFsync },
            // The script marks the cluster ready once every slot is served and every replica has synced.
            ReadyFile = Path.Combine(dir, "ready"),
        };
        return new("cluster", endpoints, launch, "Redis:Provider cluster was asked for");
    }

    /// <summary>
    /// The ports an earlier run of this data directory used (a cluster's nodes.conf names its peers by port), or six
    /// consecutive leased ports whose bus ports (+10000) are leased too.
    /// </summary>
    private static int BasePort(string dir)
    {
        var file = Path.Combine(dir, "base-port");
        if (File.Exists(file))
        {
            var kept = int.Parse(File.ReadAllText(file).Trim(), CultureInfo.InvariantCulture);
            if (!PortLeases.TryLeaseRange(kept, Nodes, 10_000))
            {
                throw new InvalidOperationException($"The cluster in {dir} uses ports {kept}..{kept + Nodes - 1}, which another process holds.");
            }

            return kept;
        }

        var basePort = PortLeases.LeaseRange(Nodes, 10_000);
        File.WriteAllText(file, basePort.ToString(CultureInfo.InvariantCulture));
        return basePort;
    }
}
