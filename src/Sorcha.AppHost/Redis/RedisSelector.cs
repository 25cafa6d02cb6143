using System.Diagnostics;
using Sorcha.Hosting;

namespace Sorcha.AppHost.Redis;

/// <summary>
/// architecture.md's order: an outside connection string; a container where a container runtime answers;
/// a local redis-server with AOF on; otherwise Garnet (a .NET RESP server from a NuGet tool package) with Lua and AOF.
/// A Redis Cluster on loopback (<see cref="RedisCluster"/>) only when asked for: <c>--Redis:Provider cluster</c>.
/// </summary>
public static class RedisSelector
{
    public const string ResourceName = "redis";
    private static readonly string[] Order = ["container", "redis-server", "garnet"];
    private static readonly string[] FsyncPolicies = ["always", "everysec"];

    public static RedisChoice Choose(SorchaAppOptions options)
    {
        if (!string.IsNullOrWhiteSpace(options.RedisConnectionString))
        {
            var external = new ResourceSpec(ResourceName, "", [])
            {
                Managed = false,
                Readiness = _ => Task.FromResult(true),
            };
            return new("external", options.RedisConnectionString, external, "ConnectionStrings:redis was given");
        }

        if (!FsyncPolicies.Contains(options.RedisAppendFsync))
        {
            throw new ArgumentException($"Unknown Redis:AppendFsync '{options.RedisAppendFsync}'; use one of {string.Join(", ", FsyncPolicies)}.");
        }

        if (options.RedisProvider == "cluster")
        {
            return RedisCluster.Choice(options);
        }

        var port = Ports.Free();
        var start = options.RedisProvider is { } forced ? Array.IndexOf(Order, forced) : 0;
        if (start < 0)
        {
            throw new ArgumentException($"Unknown Redis provider '{options.RedisProvider}'; use one of {string.Join(", ", Order)}, cluster.");
        }

        if (start <= 0 && CommandSucceeds("docker", "info"))
        {
            return Container(port, options);
        }

        if (start <= 1 && FindOnPath("redis-server") is { } redisServer)
        {
            return RedisServer(redisServer, port, options);
        }

        return Garnet.Choice(port, options);
    }

    private static RedisChoice Container(int port, SorchaAppOptions options) => new("container", $"127.0.0.1:{port}",
        new ResourceSpec(ResourceName, "docker",
            ["run", "--rm", "-p", $"127.0.0.1:{port}:6379", "-v", $"{Dir(options, "redis-container")}:/data",
             "redis:7", "redis-server", "--appendonly", "yes", "--appendfsync", options.RedisAppendFsync])
        {
            // The docker client's own settings (which engine, which config folder); nothing else of ours.
            Environment = InheritedEnvironment.Pick(["DOCKER_*"]),
            Port = port,
            Readiness = Probes.RespPing("127.0.0.1", port),
        }, "a container runtime answered `docker info`");

    private static RedisChoice RedisServer(string path, int port, SorchaAppOptions options) => new("redis-server",
        $"127.0.0.1:{port}",
        new ResourceSpec(ResourceName, path,
            ["--port", $"{port}", "--bind", "127.0.0.1", "--dir", Dir(options, "redis"), "--appendonly", "yes",
             "--appendfsync", options.RedisAppendFsync, "--save", "", "--protected-mode", "yes"])
        {
            Port = port,
            Readiness = Probes.RespPing("127.0.0.1", port),
        }, $"no container runtime; found {path}");

    internal static string Dir(SorchaAppOptions options, string name) =>
        Directory.CreateDirectory(Path.Combine(options.DataDirectory, name)).FullName;

    internal static bool CommandSucceeds(string file, params string[] args)
    {
        if (FindOnPath(file) is not { } path)
        {
            return false;
        }

        try
        {
            using var process = Process.Start(new ProcessStartInfo(path, args)
            {
                RedirectStandardOutput = true,
                RedirectStandardError = true,
            })!;
            process.StandardOutput.ReadToEndAsync();
            process.StandardError.ReadToEndAsync();
            if (!process.WaitForExit(TimeSpan.FromSeconds(10)))
            {
                process.Kill(entireProcessTree: true);
                return false;
            }

            return process.ExitCode == 0;
        }
        catch (System.ComponentModel.Win32Exception)
        {
            return false;
        }
    }

    internal static string? FindOnPath(string file) =>
        (Environment.GetEnvironmentVariable("PATH") ?? "").Split(Path.PathSeparator, StringSplitOptions.RemoveEmptyEntries)
            .Select(dir => Path.Combine(dir, file))
            .FirstOrDefault(File.Exists);
}
