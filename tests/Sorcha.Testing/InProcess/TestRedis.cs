using System.Diagnostics;
using Sorcha.AppHost;
using Sorcha.AppHost.Hosting;
using Sorcha.AppHost.Redis;

namespace Sorcha.Testing.InProcess;

/// <summary>
/// One real Redis for a test run, chosen as the AppHost chooses it (an outside ConnectionStrings:redis, a local
/// redis-server, or Garnet; SORCHA_TEST_REDIS_PROVIDER skips to one), started as the AppHost would start it, with its
/// data in a temporary folder.
/// </summary>
public sealed class TestRedis : IAsyncDisposable
{
    private readonly string _dataDirectory = Path.Combine(Path.GetTempPath(), "sorcha-svc-" + Guid.NewGuid().ToString("N")[..8]);
    private Process? _process;

    public string ConnectionString { get; private set; } = "";

    public async Task StartAsync()
    {
        var choice = RedisSelector.Choose(new SorchaAppOptions
        {
            DevClientSecret = "",
            WalletKeyEncryptionKey = "",
            RegisterKeyEncryptionKey = "",
            DataDirectory = _dataDirectory,
            RedisProvider = TestSettings.RedisProvider is "container" or "cluster" ? "redis-server" : TestSettings.RedisProvider,
            RedisConnectionString = TestSettings.RedisConnectionString,
        });
        ConnectionString = choice.ConnectionString;
        if (choice.Launch is not { } launch)
        {
            return;
        }

        var start = new ProcessStartInfo(launch.Command, launch.Args) { WorkingDirectory = _dataDirectory, RedirectStandardOutput = true };
        _process = Process.Start(start)!;
        _ = _process.StandardOutput.ReadToEndAsync();
        var deadline = DateTime.UtcNow.AddSeconds(60);
        while (await Probes.RespPingAsync(launch.Port) is not null)
        {
            if (_process.HasExited || DateTime.UtcNow > deadline)
            {
                throw new InvalidOperationException($"{choice.Provider} did not answer PING on {launch.Port}.");
            }

            await Task.Delay(100);
        }
    }

    public async ValueTask DisposeAsync()
    {
        if (_process is { HasExited: false })
        {
            _process.Kill();
            await _process.WaitForExitAsync();
        }

        _process?.Dispose();
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
