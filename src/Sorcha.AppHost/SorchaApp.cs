using System.Security.Cryptography;
using Sorcha.AppHost.Redis;
using Sorcha.Hosting;
using Sorcha.ServiceDefaults.Auth;

namespace Sorcha.AppHost;

/// <summary>The app model: Redis, four services that each reference Redis and wait for it, and a gateway that references all.</summary>
public static class SorchaApp
{
    public const string Gateway = "gateway";
    public static readonly IReadOnlyList<string> Services = ["blueprint", "wallet", "register", "transaction"];

    private static readonly Dictionary<string, string> Projects = new()
    {
        ["blueprint"] = "Sorcha.Blueprint.Service",
        ["wallet"] = "Sorcha.Wallet.Service",
        ["register"] = "Sorcha.Register.Service",
        ["transaction"] = "Sorcha.Transaction.Service",
        [Gateway] = "Sorcha.Gateway",
    };

    public static (Orchestrator App, RedisChoice Redis) Build(SorchaAppOptions options, Action<string, string>? echo = null)
    {
        if (options.Replicas < 1)
        {
            throw new ArgumentOutOfRangeException(nameof(options), options.Replicas, "Replicas must be 1 or more.");
        }

        var redis = RedisSelector.Choose(options);
        var instances = Services
            .SelectMany(s => Enumerable.Range(0, options.Replicas).Select(i => (Service: s, Index: i, Port: Ports.Free())))
            .ToList();
        // The Blueprint service's identity towards the Transaction service: a fresh key per run by default (its tokens
        // live minutes), given to those two processes only, so no other process, and no user, can mint one.
        var serviceKey = Convert.ToBase64String(ServiceTokens.DeriveSigningKey(options.ServiceTokenSecret));

        var common = new Dictionary<string, string>(options.ServiceEnvironment)
        {
            ["ASPNETCORE_ENVIRONMENT"] = options.Environment,
            ["DOTNET_ENVIRONMENT"] = options.Environment,
            ["ConnectionStrings__redis"] = redis.ConnectionString,
        };
        if (options.IsDevelopment)
        {
            // Development tokens exist only in Development: elsewhere no process holds their key.
            common["Authentication__Development__SigningKey"] =
                Convert.ToBase64String(DevelopmentTokens.DeriveSigningKey(options.DevClientSecret));
        }

        if (options.IsDevelopment && options.DashboardPort > 0)
        {
            // The dashboard's waterfall: each child keeps its last spans (/dev/spans), and records them, which it does
            // not by default (TelemetrySetup). Load runs turn the dashboard off (port 0), so their figures are unchanged.
            common["Telemetry__RecentSpans"] = "true";
            common.TryAdd("OTEL_TRACES_SAMPLER", "parentbased_always_on");
        }

        // Every process can reach every replica of every service by name (services__<name>__http__<i>), as Aspire's
        // WithReference does; callers balance over the indexes.
        foreach (var (service, index, port) in instances)
        {
            common[$"services__{service}__http__{index}"] = $"http://127.0.0.1:{port}";
        }

        var resources = new List<ResourceSpec> { redis.Resource };
        resources.AddRange(instances.Select(r => Project(ReplicaName(r.Service, r.Index), r.Service, r.Port,
            ServiceEnvironment(r.Service, common, options, serviceKey), options, [RedisSelector.ResourceName])));

        var gatewayEnv = new Dictionary<string, string>(common);
        if (options.IsDevelopment)
        {
            gatewayEnv["Parameters__dev-client-secret"] = options.DevClientSecret; // its token endpoint's, and only its
        }

        resources.Add(Project(Gateway, Gateway, options.GatewayPort, gatewayEnv, options,
            [RedisSelector.ResourceName, .. instances.Select(r => ReplicaName(r.Service, r.Index))]));
        return (new Orchestrator(resources, echo), redis);
    }

    /// <summary>The resource name of a service's replica: the service's own name for the first, "name-2", "name-3" … after.</summary>
    public static string ReplicaName(string service, int index) => index == 0 ? service : $"{service}-{index + 1}";

    /// <summary>Every resource name <paramref name="service"/> runs under with <paramref name="replicas"/> replicas.</summary>
    public static IEnumerable<string> ReplicaNames(string service, int replicas) =>
        Enumerable.Range(0, replicas).Select(i => ReplicaName(service, i));

    /// <summary>
    /// Secrets go only to the service that needs them: a KEK to the one service that seals with it, the service-token
    /// key to its issuer and its checker. Redis gets none (its spec has no environment of its own).
    /// </summary>
    private static Dictionary<string, string> ServiceEnvironment(
        string service, Dictionary<string, string> common, SorchaAppOptions options, string serviceKey)
    {
        var env = new Dictionary<string, string>(common);
        if (service is "blueprint" or "transaction")
        {
            env["Authentication__Service__SigningKey"] = serviceKey;
        }

        if (service == "wallet")
        {
            env["Wallet__KeyEncryptionKey"] = options.WalletKeyEncryptionKey;
        }

        if (service == "register")
        {
            env["Register__KeyEncryptionKey"] = options.RegisterKeyEncryptionKey;
        }

        return env;
    }

    public static string GenerateSecret() => Convert.ToBase64String(RandomNumberGenerator.GetBytes(32));

    private static ResourceSpec Project(string name, string service, int port, IReadOnlyDictionary<string, string> environment,
        SorchaAppOptions options, string[] waitFor)
    {
        var project = Projects[service];
        var dir = Path.Combine(options.RepositoryRoot, "artifacts", "bin", project, options.BuildConfiguration.ToLowerInvariant());
        var dll = Path.Combine(dir, project + ".dll");
        if (!File.Exists(dll))
        {
            throw new FileNotFoundException($"{project} is not built for {options.BuildConfiguration}; build Sorcha.sln first.", dll);
        }

        var env = new Dictionary<string, string>(environment)
        {
            ["ASPNETCORE_URLS"] = $"http://127.0.0.1:{port}",
            ["OTEL_SERVICE_NAME"] = service,
        };
        var url = new Uri($"http://127.0.0.1:{port}");
        return new ResourceSpec(name, "dotnet", [dll])
        {
            WorkingDirectory = dir,
            Environment = env,
            Port = port,
            WaitFor = waitFor,
            Readiness = Probes.Http2xx(new Uri(url, "/health")),
        };
    }
}
