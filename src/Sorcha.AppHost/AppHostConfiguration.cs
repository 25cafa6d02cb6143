namespace Sorcha.AppHost;

/// <summary>
/// What the AppHost's own configuration (appsettings, environment, command line) decides for the services: the
/// environment they run in, and which of its settings they see. Each child starts from a clean environment
/// (<see cref="Hosting.CleanEnvironment"/>), so a setting meant for the services is passed on by name here.
/// </summary>
public static class AppHostConfiguration
{
    /// <summary>Sections an operator sets once on the AppHost for every service (Limits__RateLimit__PermitsPerSecond=500).</summary>
    public static readonly IReadOnlyList<string> ForwardedSections = ["Limits", "Telemetry", "OpenApi", "Authentication:Schemes:Bearer"];

    /// <summary>
    /// Variables every service gets as they are: telemetry export, the TLS trust and proxies that reach a token
    /// issuer.
    /// </summary>
    public static readonly IReadOnlyList<string> ForwardedVariables =
    [
        "OTEL_*", "SSL_CERT_FILE", "SSL_CERT_DIR", "HTTP_PROXY", "HTTPS_PROXY", "NO_PROXY", "http_proxy", "https_proxy", "no_proxy",
    ];

    /// <summary>
    /// Test hooks, passed on in Development only: the gateway's SORCHA_TEST_SLOWDOWN, which the load gate's proof sets
    /// (the gateway, too, ignores it in any other environment).
    /// </summary>
    public static readonly IReadOnlyList<string> DevelopmentVariables = ["SORCHA_TEST_SLOWDOWN"];

    /// <summary>
    /// The options of a `dotnet run`: --Gateway:Port, --Dashboard:Port, --data-dir (default src/Sorcha.AppHost/.data,
    /// where generated secrets and Redis's AOF stay across runs), --Replicas, --Redis:Provider, --Redis:AppendFsync,
    /// ConnectionStrings:redis and the Parameters:* secrets. <paramref name="secretFile"/> names the stored
    /// dev-client-secret when none was given.
    /// </summary>
    public static SorchaAppOptions Options(IConfiguration configuration, out string? secretFile)
    {
        var defaults = new SorchaAppOptions
        {
            DevClientSecret = "", WalletKeyEncryptionKey = "", RegisterKeyEncryptionKey = "", DataDirectory = "",
            Environment = Environment(configuration),
        };
        var dataDir = configuration["data-dir"] ?? Path.Combine(defaults.RepositoryRoot, "src", "Sorcha.AppHost", ".data");
        secretFile = null;
        return defaults with
        {
            DataDirectory = dataDir,
            // Only Development has a token endpoint: elsewhere no development secret is read, made or handed to anyone.
            DevClientSecret = defaults.IsDevelopment ? Parameters.SecretOrGenerate(configuration, "dev-client-secret", dataDir, out secretFile) : "",
            WalletKeyEncryptionKey = Parameters.SecretOrGenerate(configuration, "wallet-kek", dataDir, out _),
            RegisterKeyEncryptionKey = Parameters.SecretOrGenerate(configuration, "register-kek", dataDir, out _),
            // 0: a port leased from the one allocator (Hosting.PortLeases), which the AppHost prints once healthy.
            GatewayPort = configuration.GetValue("Gateway:Port", defaults.GatewayPort) is > 0 and var port ? port : Hosting.PortLeases.Lease(),
            DashboardPort = configuration.GetValue("Dashboard:Port", defaults.DashboardPort),
            RedisConnectionString = configuration.GetConnectionString("redis"),
            RedisProvider = configuration["Redis:Provider"],
            RedisAppendFsync = configuration["Redis:AppendFsync"] ?? defaults.RedisAppendFsync,
            Replicas = configuration.GetValue("Replicas", defaults.Replicas),
            ServiceEnvironment = ServiceEnvironment(configuration),
        };
    }

    /// <summary>--Dashboard:Port (or Dashboard__Port) before the builder exists: 0 turns the dashboard off.</summary>
    public static int DashboardPort(string[] args) =>
        new ConfigurationBuilder().AddEnvironmentVariables().AddCommandLine(args).Build()
            .GetValue("Dashboard:Port", new SorchaAppOptions { DevClientSecret = "", WalletKeyEncryptionKey = "", RegisterKeyEncryptionKey = "", DataDirectory = "" }.DashboardPort);

    /// <summary>
    /// The AppHost's environment (ASPNETCORE_ENVIRONMENT, DOTNET_ENVIRONMENT or --environment, as for any ASP.NET app),
    /// which every service runs in; Development when none is given, so a bare `dotnet run` is a developer's run
    /// (ASP.NET's own default would be Production).
    /// </summary>
    public static string Environment(IConfiguration configuration) =>
        new[] { HostDefaults.EnvironmentKey, "ASPNETCORE_ENVIRONMENT", "DOTNET_ENVIRONMENT" }
            .Select(key => configuration[key]).FirstOrDefault(v => !string.IsNullOrEmpty(v)) ?? Environments.Development;

    /// <summary>
    /// <paramref name="args"/> with --environment naming <see cref="Environment"/>, so that Aspire's host runs in the
    /// services' environment: its own default is Production, and Aspire gives a process it exports telemetry from
    /// (WithOtlpExporter) its development settings (1 s export intervals, every trace sampled, trace-based exemplars)
    /// only when the host runs in Development (docs/observability.md, "Export to the dashboard").
    /// </summary>
    public static string[] HostArguments(string[] args)
    {
        // Read as the host will read it: DOTNET_ variables (DOTNET_ENVIRONMENT as "environment"), every variable, the command line.
        var configuration = new ConfigurationBuilder().AddEnvironmentVariables("DOTNET_").AddEnvironmentVariables().AddCommandLine(args).Build();
        return [.. args, $"--{HostDefaults.EnvironmentKey}={Environment(configuration)}"];
    }

    /// <summary>
    /// The <see cref="ForwardedSections"/> as environment variables (Section__Key), plus the <see cref="ForwardedVariables"/>
    /// (and in Development the <see cref="DevelopmentVariables"/>).
    /// </summary>
    public static Dictionary<string, string> ServiceEnvironment(IConfiguration configuration)
    {
        var development = string.Equals(Environment(configuration), Environments.Development, StringComparison.OrdinalIgnoreCase);
        var environment = Hosting.CleanEnvironment.Pick(development ? [.. ForwardedVariables, .. DevelopmentVariables] : ForwardedVariables);
        foreach (var (key, value) in ForwardedSections.SelectMany(s => configuration.GetSection(s).AsEnumerable()))
        {
            if (value is not null)
            {
                environment[key.Replace(":", "__", StringComparison.Ordinal)] = value;
            }
        }

        // Any other variable, verbatim (--ServiceEnvironment:ReverseProxy__Routes__x__ClusterId=x): tests' extra routes.
        foreach (var variable in configuration.GetSection("ServiceEnvironment").GetChildren())
        {
            if (variable.Value is not null)
            {
                environment[variable.Key] = variable.Value;
            }
        }

        return environment;
    }
}
