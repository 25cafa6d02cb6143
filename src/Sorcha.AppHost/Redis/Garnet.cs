using System.Text.Json;

namespace Sorcha.AppHost.Redis;

/// <summary>
/// The fallback for a machine with only the .NET SDK: Garnet, restored as a local dotnet tool (dotnet-tools.json),
/// started from its package folder so that stopping it signals the server itself, not a `dotnet tool run` wrapper.
/// Lua runs in transaction mode so that scripts are atomic, as they are on Redis.
/// </summary>
internal static class Garnet
{
    public static RedisChoice Choice(int port, SorchaAppOptions options)
    {
        var dll = Restore(options.RepositoryRoot);
        var data = RedisSelector.Dir(options, "garnet");
        // "always": commit the log on every operation and answer only once it is committed; otherwise once a second.
        string[] commit = options.RedisAppendFsync == "always" ? ["--aof-commit-freq", "0", "--aof-commit-wait"] : ["--aof-commit-freq", "1000"];
        var launch = new RedisLaunch("dotnet",
            [dll, "--port", $"{port}", "--bind", "127.0.0.1", "--lua", "--lua-transaction-mode", "--aof",
             .. commit, "--recover", "--checkpointdir", data,
             // The native (libaio) device needs a libaio SONAME that Debian 12 lacks; the managed one works everywhere.
             "--device-type", "RandomAccess", "-q"], port);
        return new("garnet", $"127.0.0.1:{port}", launch, "no container runtime and no redis-server on the PATH");
    }

    private static string Restore(string repositoryRoot)
    {
        if (!RedisSelector.CommandSucceeds("dotnet", "tool", "restore", "--tool-manifest",
                Path.Combine(repositoryRoot, "dotnet-tools.json")))
        {
            throw new InvalidOperationException("`dotnet tool restore` failed: the Garnet fallback needs the garnet-server tool package.");
        }

        using var manifest = JsonDocument.Parse(File.ReadAllText(Path.Combine(repositoryRoot, "dotnet-tools.json")));
        var version = manifest.RootElement.GetProperty("tools").GetProperty("garnet-server").GetProperty("version").GetString();
        var packages = Environment.GetEnvironmentVariable("NUGET_PACKAGES")
            ?? Path.Combine(Environment.GetFolderPath(Environment.SpecialFolder.UserProfile), ".nuget", "packages");
        var toolDir = Path.Combine(packages, "garnet-server", version!, "tools");
        return Directory.EnumerateFiles(toolDir, "GarnetServer.dll", SearchOption.AllDirectories).OrderDescending().First();
    }
}
