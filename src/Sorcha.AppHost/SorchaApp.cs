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
        var redis = RedisSelector.Choose(options);
        var ports = Services.ToDictionary(s => s, _ => Ports.Free());
        var signingKey = Convert.ToBase64String(DevelopmentTokens.DeriveSigningKey(options.DevClientSecret));

        var common = new Dictionary<string, string>(options.ServiceEnvironment)
        {
            ["ASPNETCORE_ENVIRONMENT"] = options.Environment,
            ["DOTNET_ENVIRONMENT"] = options.Environment,
            ["ConnectionStrings__redis"] = redis.ConnectionString,
            ["Authentication__Development__SigningKey"] = signingKey,
        };

        // Every process can reach every service by name (services__<name>__http__0), as Aspire's WithReference does.
        foreach (var (service, port) in ports)
        {
            common[$"services__{service}__http__0"] = $"http://127.0.0.1:{port}";
        }

        var resources = new List<ResourceSpec> { redis.Resource };
        resources.AddRange(Services.Select(s => Project(s, ports[s], ServiceEnvironment(s, common, options), options,
            [RedisSelector.ResourceName])));

        var gatewayEnv = new Dictionary<string, string>(common) { ["Parameters__dev-client-secret"] = options.DevClientSecret };
        resources.Add(Project(Gateway, options.GatewayPort, gatewayEnv, options, [RedisSelector.ResourceName, .. Services]));
        return (new Orchestrator(resources, echo), redis);
    }

    /// <summary>Secrets go only to the service that needs them.</summary>
    private static Dictionary<string, string> ServiceEnvironment(
        string service, Dictionary<string, string> common, SorchaAppOptions options)
    {
        var env = new Dictionary<string, string>(common);
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

    private static ResourceSpec Project(
        string name, int port, IReadOnlyDictionary<string, string> environment, SorchaAppOptions options, string[] waitFor)
    {
        var project = Projects[name];
        var dir = Path.Combine(options.RepositoryRoot, "artifacts", "bin", project, options.BuildConfiguration.ToLowerInvariant());
        var dll = Path.Combine(dir, project + ".dll");
        if (!File.Exists(dll))
        {
            throw new FileNotFoundException($"{project} is not built for {options.BuildConfiguration}; build Sorcha.sln first.", dll);
        }

        var env = new Dictionary<string, string>(environment)
        {
            ["ASPNETCORE_URLS"] = $"http://127.0.0.1:{port}",
            ["OTEL_SERVICE_NAME"] = name,
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
