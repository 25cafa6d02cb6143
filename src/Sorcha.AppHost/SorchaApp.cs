using System.Security.Cryptography;
using Microsoft.Extensions.DependencyInjection;
using Sorcha.ApiPlatform.Auth;
using Sorcha.AppHost.Hosting;
using Sorcha.AppHost.Redis;
using Sorcha.AppHost.Services;
using Sorcha.AppHost.Supervision;

namespace Sorcha.AppHost;

/// <summary>
/// The app model: Redis; four services that reference it and wait for it, each with only the secrets it uses; a
/// gateway on the public port that references and waits for every replica. `dotnet run` and the tests build the same.
/// </summary>
public static class SorchaApp
{
    public const string Gateway = "gateway";

    /// <summary>The participants' web app (src/Sorcha.Web), reached through the gateway at "/".</summary>
    public const string Web = "web";

    /// <summary>The resource name of a service's replica: the service's own name for the first, "name-2", "name-3" … after.</summary>
    public static string ReplicaName(string service, int index) => index == 0 ? service : $"{service}-{index + 1}";

    /// <summary>Every resource name <paramref name="service"/> runs under with <paramref name="replicas"/> replicas.</summary>
    public static IEnumerable<string> ReplicaNames(string service, int replicas) =>
        Enumerable.Range(0, replicas).Select(i => ReplicaName(service, i));

    public static string GenerateSecret() => Convert.ToBase64String(RandomNumberGenerator.GetBytes(32));

    /// <summary>
    /// The builder's options: the dashboard on --Dashboard:Port (0 = none), its OTLP intake on a leased port; the host
    /// in the environment the services run in (<see cref="AppHostConfiguration.HostArguments"/>).
    /// </summary>
    public static DistributedApplicationOptions ApplicationOptions(string[] args)
    {
        var options = new DistributedApplicationOptions
        {
            Args = AppHostConfiguration.HostArguments(args), DisableDashboard = AppHostConfiguration.DashboardPort(args) == 0,
        };
        Configure(options);
        return options;
    }

    /// <summary>What every run sets, the tests' too.</summary>
    public static void Configure(DistributedApplicationOptions options)
    {
        // Every endpoint is plain http: a developer certificate (which DCP uses for its own API when one is trusted,
        // saving its 4 s key generation) must not also put its trust settings (SSL_CERT_DIR) into every process.
        options.TrustDeveloperCertificate = false;
    }

    public static SorchaPlatform AddPlatform(IDistributedApplicationBuilder builder)
    {
        var options = AppHostConfiguration.Options(builder.Configuration, out var secretFile);
        // Read before the clean-up below: what the services are to get of the AppHost's own environment.
        CleanEnvironment.Apply();
        DashboardSetup.Configure(builder, options);

        var walletKek = builder.AddParameter("wallet-kek", options.WalletKeyEncryptionKey, secret: true);
        var registerKek = builder.AddParameter("register-kek", options.RegisterKeyEncryptionKey, secret: true);
        // The Blueprint service's identity towards the Transaction service: those two processes only.
        var serviceKey = builder.AddParameter("service-token-key", ServiceTokenKey(options), secret: true);

        var (redis, choice) = RedisResources.AddRedis(builder, options);

        // A service is one line here: the gateway references and waits for every service added to the list.
        var services = new List<ServiceReplicas>();
        ServiceReplicas Add<TProject>(string name) where TProject : IProjectMetadata, new()
        {
            var service = builder.AddService<TProject>(name, options, redis);
            services.Add(service);
            return service;
        }

        var wallet = Add<Projects.Sorcha_Wallet_Service>("wallet").WithEnvironment("Wallet__KeyEncryptionKey", walletKek);
        var register = Add<Projects.Sorcha_Register_Service>("register").WithEnvironment("Register__KeyEncryptionKey", registerKek);
        var transaction = Add<Projects.Sorcha_Transaction_Service>("transaction")
            .WithEnvironment("Authentication__Service__SigningKey", serviceKey);
        Add<Projects.Sorcha_Blueprint_Service>("blueprint")
            .WithEnvironment("Authentication__Service__SigningKey", serviceKey)
            .WithReplicasOf(wallet).WithReplicasOf(register).WithReplicasOf(transaction);

        var gateway = builder.AddSorchaProcess<Projects.Sorcha_Gateway>(Gateway, options, options.GatewayPort, redis);
        var web = WebApp.Add(builder, options, gateway);
        foreach (var service in services.Append(web))
        {
            gateway.WithReplicasOf(service, wait: true);
        }

        if (options.IsDevelopment)
        {
            // The token endpoint's and the web app's development sign-in; outside Development there is neither.
            var devClientSecret = builder.AddParameter("dev-client-secret", options.DevClientSecret, secret: true);
            gateway.WithEnvironment("Parameters__dev-client-secret", devClientSecret);
            web.WithEnvironment("Parameters__dev-client-secret", devClientSecret);
        }

        builder.Services.AddSingleton(new RestartPolicy());
        builder.Services.AddSingleton<Supervisor>();
        builder.Services.AddHostedService(sp => sp.GetRequiredService<Supervisor>());
        builder.Services.AddHostedService(sp => new StartupReport(sp, options, choice, secretFile));
        var platform = new SorchaPlatform(options, choice, [.. services.Select(s => s.Name)]);
        builder.Services.AddSingleton(platform);
        return platform;
    }

    /// <summary>Its tokens live minutes, so a fresh secret per run is the default (<see cref="SorchaAppOptions.ServiceTokenSecret"/>).</summary>
    private static string ServiceTokenKey(SorchaAppOptions options) =>
        Convert.ToBase64String(ServiceTokens.DeriveSigningKey(options.ServiceTokenSecret));

    /// <summary>What every service and the gateway get in Development only: the development-token key.</summary>
    internal static string? DevelopmentSigningKey(SorchaAppOptions options) => options.IsDevelopment
        ? Convert.ToBase64String(DevelopmentTokens.DeriveSigningKey(options.DevClientSecret))
        : null;
}

/// <summary>
/// What a run chose (a service of the app, for tests): the options, with the secrets in force, the Redis, and the
/// services the app model added (by name, in the order added).
/// </summary>
public sealed record SorchaPlatform(SorchaAppOptions Options, RedisChoice Redis, IReadOnlyList<string> Services);
