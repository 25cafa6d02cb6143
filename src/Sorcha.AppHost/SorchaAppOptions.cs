using System.Reflection;

namespace Sorcha.AppHost;

/// <summary>Everything a run can vary. The defaults are a developer's local run; tests override ports and data.</summary>
public sealed record SorchaAppOptions
{
    public int GatewayPort { get; init; } = 5000;

    /// <summary>The Aspire dashboard's port; 0 turns it off (and with it every process's trace export).</summary>
    public int DashboardPort { get; init; } = 18888;

    /// <summary>
    /// The environment the services run in (the AppHost's own, <see cref="AppHostConfiguration.Environment"/>). Only
    /// Development has the token endpoint, development tokens, Swagger UI and Server-Timing; elsewhere the services take
    /// tokens from the configured issuer (Authentication:Schemes:Bearer, docs/security.md "Production mode").
    /// </summary>
    public string Environment { get; init; } = Environments.Development;

    public bool IsDevelopment => string.Equals(Environment, Environments.Development, StringComparison.OrdinalIgnoreCase);

    /// <summary>The secret development tokens are issued for (parameter dev-client-secret); unused outside Development.</summary>
    public required string DevClientSecret { get; init; }

    /// <summary>Base64 of the 32-byte key that seals wallet private keys at rest (parameter wallet-kek).</summary>
    public required string WalletKeyEncryptionKey { get; init; }

    /// <summary>Base64 of the 32-byte key that seals registers' docket-signing keys at rest (parameter register-kek).</summary>
    public required string RegisterKeyEncryptionKey { get; init; }

    /// <summary>
    /// The secret the Blueprint service's identity towards the Transaction service derives from (its key goes to those
    /// two processes only). Its tokens live minutes, so a fresh one per run is the default; tests read it to audit it.
    /// </summary>
    public string ServiceTokenSecret { get; init; } = SorchaApp.GenerateSecret();

    /// <summary>An outside Redis (ConnectionStrings:redis); null lets the AppHost choose one.</summary>
    public string? RedisConnectionString { get; init; }

    /// <summary>Skip providers before this one ("container", "redis-server", "garnet"): tests use it to prove the fallback.</summary>
    public string? RedisProvider { get; init; }

    /// <summary>
    /// The AOF fsync policy of a local redis-server or container: "everysec" (default: a Redis process crash loses
    /// nothing acknowledged, an OS crash up to ~1 s) or "always" (nothing acknowledged is lost; production guidance).
    /// Garnet maps "always" to a commit per operation that the reply waits for. See docs/durability.md.
    /// </summary>
    public string RedisAppendFsync { get; init; } = "everysec";

    /// <summary>Processes per service (not Redis, not the gateway): the gateway and service-to-service calls balance over them.</summary>
    public int Replicas { get; init; } = 1;

    /// <summary>Where a local Redis or Garnet keeps its data (AOF) across runs.</summary>
    public required string DataDirectory { get; init; }

    public string RepositoryRoot { get; init; } = Metadata("RepositoryRoot");

    public string BuildConfiguration { get; init; } = Metadata("BuildConfiguration");

    /// <summary>
    /// Extra environment for every service and the gateway (<see cref="AppHostConfiguration.ServiceEnvironment"/>: the
    /// AppHost's Limits, Authentication:Schemes:Bearer …, OTEL_*); never for Redis. Children inherit nothing else.
    /// </summary>
    public IReadOnlyDictionary<string, string> ServiceEnvironment { get; init; } = new Dictionary<string, string>();

    private static string Metadata(string key) =>
        typeof(SorchaAppOptions).Assembly.GetCustomAttributes<AssemblyMetadataAttribute>().Single(a => a.Key == key).Value!;
}
