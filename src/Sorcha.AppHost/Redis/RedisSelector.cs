using System.Diagnostics;
using Sorcha.AppHost.Hosting;

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
            return new("external", options.RedisConnectionString, null, "ConnectionStrings:redis was given");
        }

        if (!FsyncPolicies.Contains(options.RedisAppendFsync))
        {
            throw new ArgumentException($"Unknown Redis:AppendFsync '{options.RedisAppendFsync}'; use one of {string.Join(", ", FsyncPolicies)}.");
        }

        if (options.RedisProvider == "cluster")
        {
            return RedisCluster.Choice(options);
        }

        var start = options.RedisProvider is { } forced ? Array.IndexOf(Order, forced) : 0;
        if (start < 0)
        {
            throw new ArgumentException($"Unknown Redis provider '{options.RedisProvider}'; use one of {string.Join(", ", Order)}, cluster.");
        }

        if (start <= 0 && CommandSucceeds("docker", "info"))
        {
            return new("container", "", null, "a container runtime answered `docker info`");
        }

        var port = PortLeases.Lease();
        if (start <= 1 && FindOnPath("redis-server") is { } redisServer)
        {
            return new("redis-server", $"127.0.0.1:{port}", new RedisLaunch(redisServer,
                ["--port", $"{port}", "--bind", "127.0.0.1", "--dir", Dir(options, "redis"), "--appendonly", "yes",
                 "--appendfsync", options.RedisAppendFsync, "--save", "", "--protected-mode", "yes"], port),
                $"no container runtime; found {redisServer}");
        }

        return Garnet.Choice(port, options);
    }

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
