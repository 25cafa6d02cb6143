using Sorcha.AppHost;
using Sorcha.AppHost.Dashboard;

// Local runs keep state (Redis AOF, generated secrets) in src/Sorcha.AppHost/.data; override with --data-dir.
var builder = WebApplication.CreateBuilder(args);
var configuration = builder.Configuration;
var options = new SorchaAppOptions { DevClientSecret = "", WalletKeyEncryptionKey = "", RegisterKeyEncryptionKey = "",
    DataDirectory = "", Environment = AppHostConfiguration.Environment(configuration) };
var dataDir = configuration["data-dir"] ?? Path.Combine(options.RepositoryRoot, "src", "Sorcha.AppHost", ".data");
string? secretFile = null;
options = options with
{
    DataDirectory = dataDir,
    // Only Development has a token endpoint: elsewhere no development secret is read, made or handed to anyone.
    DevClientSecret = options.IsDevelopment ? Parameters.SecretOrGenerate(configuration, "dev-client-secret", dataDir, out secretFile) : "",
    WalletKeyEncryptionKey = Parameters.SecretOrGenerate(configuration, "wallet-kek", dataDir, out _),
    RegisterKeyEncryptionKey = Parameters.SecretOrGenerate(configuration, "register-kek", dataDir, out _),
    GatewayPort = configuration.GetValue("Gateway:Port", options.GatewayPort),
    DashboardPort = configuration.GetValue("Dashboard:Port", options.DashboardPort),
    RedisConnectionString = configuration.GetConnectionString("redis"),
    RedisProvider = configuration["Redis:Provider"],
    RedisAppendFsync = configuration["Redis:AppendFsync"] ?? options.RedisAppendFsync,
    Replicas = configuration.GetValue("Replicas", options.Replicas),
    ServiceEnvironment = AppHostConfiguration.ServiceEnvironment(configuration),
};

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
    var dashboard = DashboardHost.Create(builder, app, redis, options.DashboardPort);
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
