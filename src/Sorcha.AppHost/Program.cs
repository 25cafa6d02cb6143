using Sorcha.AppHost;
using Sorcha.AppHost.Dashboard;
using Sorcha.AppHost.Redis;
using Sorcha.Hosting;

// `dotnet run`: the AppHost's configuration gives the options (ports, secrets, Redis, replicas), the app model below
// runs until Ctrl-C. Tests build the same model with their own options through SorchaApp.Build.
var host = WebApplication.CreateBuilder(args);
var options = AppHostConfiguration.Options(host.Configuration, out var secretFile);
var consoleLock = new object();
var (app, redis) = SorchaApp.Build(options, (name, line) =>
{
    lock (consoleLock)
    {
        Console.WriteLine($"{name,-12}| {line}");
    }
});

Console.WriteLine($"apphost     | environment {options.Environment}");
Console.WriteLine($"apphost     | Redis: {redis.Provider} at {redis.ConnectionString} ({redis.Reason})");
if (secretFile is not null)
{
    Console.WriteLine($"apphost     | dev-client-secret not given: using the one stored in {secretFile}");
}

var started = System.Diagnostics.Stopwatch.StartNew();
await using (app)
{
    var dashboard = DashboardHost.Create(host, app, redis, options.DashboardPort);
    await dashboard.StartAsync();
    await app.StartAsync();
    Console.WriteLine($"apphost     | all healthy in {started.Elapsed.TotalSeconds:F1} s");
    Console.WriteLine($"apphost     | gateway   http://localhost:{options.GatewayPort}  (GET /health)");
    if (options.DashboardPort > 0)
    {
        Console.WriteLine($"apphost     | dashboard http://localhost:{options.DashboardPort}");
    }

    await dashboard.WaitForShutdownAsync();
}

namespace Sorcha.AppHost
{
    public static partial class SorchaApp
    {
        /// <summary>
        /// The app model, read as an Aspire AppHost: Redis; four services that reference it and wait for it, each with
        /// only the secrets it uses; a gateway on the public port that references and waits for every replica.
        /// </summary>
        public static (Orchestrator App, RedisChoice Redis) Build(SorchaAppOptions options, Action<string, string>? echo = null)
        {
            var builder = DistributedApplication.CreateBuilder(new DistributedApplicationOptions
            {
                AppHostDirectory = Path.Combine(options.RepositoryRoot, "src", "Sorcha.AppHost"),
                ArtifactsPath = Path.Combine(options.RepositoryRoot, "artifacts"),
                BuildConfiguration = options.BuildConfiguration,
                Echo = echo,
            });

            var walletKek = builder.AddParameter("wallet-kek", options.WalletKeyEncryptionKey, secret: true);
            var registerKek = builder.AddParameter("register-kek", options.RegisterKeyEncryptionKey, secret: true);
            // The Blueprint service's identity towards the Transaction service: those two processes only.
            var serviceKey = builder.AddParameter("service-token-key", ServiceTokenKey(options), secret: true);

            var redis = builder.AddRedis("redis", options);

            var wallet = builder.AddProject("wallet", "../Services/Sorcha.Wallet.Service/Sorcha.Wallet.Service.csproj")
                .WithPlatformDefaults(options)
                .WithReference(redis).WaitFor(redis)
                .WithEnvironment("Wallet__KeyEncryptionKey", walletKek)
                .WithReplicas(options.Replicas);

            var register = builder.AddProject("register", "../Services/Sorcha.Register.Service/Sorcha.Register.Service.csproj")
                .WithPlatformDefaults(options)
                .WithReference(redis).WaitFor(redis)
                .WithEnvironment("Register__KeyEncryptionKey", registerKek)
                .WithReplicas(options.Replicas);

            var transaction = builder.AddProject("transaction", "../Services/Sorcha.Transaction.Service/Sorcha.Transaction.Service.csproj")
                .WithPlatformDefaults(options)
                .WithReference(redis).WaitFor(redis)
                .WithEnvironment("Authentication__Service__SigningKey", serviceKey)
                .WithReplicas(options.Replicas);

            var blueprint = builder.AddProject("blueprint", "../Services/Sorcha.Blueprint.Service/Sorcha.Blueprint.Service.csproj")
                .WithPlatformDefaults(options)
                .WithReference(redis).WaitFor(redis)
                .WithReference(wallet).WithReference(register).WithReference(transaction)
                .WithEnvironment("Authentication__Service__SigningKey", serviceKey)
                .WithReplicas(options.Replicas);

            var gateway = builder.AddProject(Gateway, "../Sorcha.Gateway/Sorcha.Gateway.csproj")
                .WithHttpEndpoint(port: options.GatewayPort)
                .WithPlatformDefaults(options)
                .WithReference(redis).WaitFor(redis)
                .WithReference(blueprint).WaitFor(blueprint)
                .WithReference(wallet).WaitFor(wallet)
                .WithReference(register).WaitFor(register)
                .WithReference(transaction).WaitFor(transaction);
            if (options.IsDevelopment)
            {
                // The token endpoint's, and only the gateway's; outside Development there is no such endpoint.
                var devClientSecret = builder.AddParameter("dev-client-secret", options.DevClientSecret, secret: true);
                gateway.WithEnvironment("Parameters__dev-client-secret", devClientSecret);
            }

            return (builder.Build(), redis.Resource.Choice);
        }
    }
}
