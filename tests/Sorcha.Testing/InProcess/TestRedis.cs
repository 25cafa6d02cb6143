using Sorcha.AppHost;
using Sorcha.AppHost.Redis;
using Sorcha.Hosting;

namespace Sorcha.Testing.InProcess;

/// <summary>
/// One real Redis for a test run, chosen as the AppHost chooses it (an outside ConnectionStrings:redis, a container, a
/// local redis-server, or Garnet; SORCHA_TEST_REDIS_PROVIDER skips to one), with its data in a temporary folder.
/// </summary>
public sealed class TestRedis : IAsyncDisposable
{
    private readonly string _dataDirectory = Path.Combine(Path.GetTempPath(), "sorcha-svc-" + Guid.NewGuid().ToString("N")[..8]);
    private Orchestrator? _app;

    public string ConnectionString { get; private set; } = "";

    public async Task StartAsync()
    {
        var choice = RedisSelector.Choose(new SorchaAppOptions
        {
            DevClientSecret = "",
            WalletKeyEncryptionKey = "",
            RegisterKeyEncryptionKey = "",
            DataDirectory = _dataDirectory,
            RedisProvider = Environment.GetEnvironmentVariable("SORCHA_TEST_REDIS_PROVIDER"),
            RedisConnectionString = Environment.GetEnvironmentVariable("ConnectionStrings__redis"),
        });
        _app = new Orchestrator([choice.Resource]);
        await _app.StartAsync();
        ConnectionString = choice.ConnectionString;
    }

    public async ValueTask DisposeAsync()
    {
        if (_app is not null)
        {
            await _app.DisposeAsync();
        }

        try
        {
            Directory.Delete(_dataDirectory, recursive: true);
        }
        catch (IOException)
        {
            // a leftover temp folder is harmless
        }
    }
}
