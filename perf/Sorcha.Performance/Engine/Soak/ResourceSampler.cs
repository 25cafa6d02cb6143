using System.Diagnostics;
using System.Globalization;
using System.Text.RegularExpressions;
using StackExchange.Redis;

namespace Sorcha.Performance.Engine.Soak;

/// <summary>
/// Every <see cref="Interval"/> during a soak: each process of the platform (the AppHost's process tree, read from
/// /proc, so a process the supervisor restarts is followed under its name), its resident memory and CPU; Redis's
/// used_memory and key count (INFO, DBSIZE); and what the load has stored so far (<see cref="StoredObjects"/>).
/// Linux only, as the soak is; a second of /proc reading and two Redis commands per sample is no load worth counting.
/// </summary>
public sealed partial class ResourceSampler(int platformPid, StoredObjects stored)
{
    // From the sampler's start, which is the load's within milliseconds: samples and requests share one time axis.
    private readonly Stopwatch _clock = Stopwatch.StartNew();
    public static readonly TimeSpan Interval = TimeSpan.FromSeconds(10);
    private const double TicksPerSecond = 100; // USER_HZ: 100 on every Linux ABI .NET runs on
    private readonly List<ResourceSample> _samples = [];
    private readonly Dictionary<int, (double At, double Ticks)> _lastCpu = [];
    private ConnectionMultiplexer? _redis;

    public IReadOnlyList<ResourceSample> Samples => _samples;

    public async Task RunAsync(CancellationToken ct)
    {
        using var timer = new PeriodicTimer(Interval);
        try
        {
            do
            {
                _samples.Add(await SampleAsync());
            }
            while (await timer.WaitForNextTickAsync(ct));
        }
        catch (OperationCanceledException) when (ct.IsCancellationRequested)
        {
        }
        finally
        {
            _redis?.Dispose();
        }
    }

    private async Task<ResourceSample> SampleAsync()
    {
        var at = _clock.Elapsed.TotalSeconds;
        var measured = Tree(platformPid).Select(p => Measure(p, at)).OfType<ProcessFigures>().ToList();
        var processes = Named(measured);
        var redisPort = measured.Select(p => RedisPort().Match(p.CommandLine)).FirstOrDefault(m => m.Success) is { } found
            ? found.Groups[1].Success ? found.Groups[1].Value : found.Groups[2].Value : null;
        var (usedMb, keys) = redisPort is null ? (null, null) : await RedisAsync(redisPort);
        return new ResourceSample(LatencyStats.Round(at), [.. processes.Select(p => new ProcessSample(p.Name, p.RssMb, p.CpuPercent))],
            usedMb, keys, stored.Snapshot());
    }

    private async Task<(double?, long?)> RedisAsync(string port)
    {
        try
        {
            _redis ??= await ConnectionMultiplexer.ConnectAsync(new ConfigurationOptions
            {
                EndPoints = { $"127.0.0.1:{port}" },
                AllowAdmin = true,
                AbortOnConnectFail = false,
                ConnectTimeout = 2_000,
            });
            var server = _redis.GetServers()[0];
            var memory = (await server.InfoAsync("memory")).SelectMany(g => g).First(p => p.Key == "used_memory").Value;
            return (LatencyStats.Round(double.Parse(memory, CultureInfo.InvariantCulture) / (1 << 20)), await server.DatabaseSizeAsync());
        }
        catch (Exception e) when (e is RedisException or InvalidOperationException)
        {
            return (null, null); // a sample without Redis's figures: the report shows the gap
        }
    }

    /// <summary>
    /// The process and every descendant, from /proc/*/stat's parent ids; DCP's API server leaves the tree (its parent
    /// becomes init) but names the AppHost it serves (--monitor PID), so a process that monitors one in the tree is in it.
    /// </summary>
    private static List<int> Tree(int root)
    {
        var parents = new Dictionary<int, int>();
        var monitors = new Dictionary<int, int>();
        foreach (var dir in Directory.EnumerateDirectories("/proc"))
        {
            if (int.TryParse(Path.GetFileName(dir), out var pid) && Stat(pid) is { } stat)
            {
                parents[pid] = int.Parse(stat[1], CultureInfo.InvariantCulture);
                if (stat[0] == "dcp" && Read($"/proc/{pid}/cmdline") is { } cmdline && Monitor().Match(cmdline.Replace('\0', ' ')) is { Success: true } m)
                {
                    monitors[pid] = int.Parse(m.Groups[1].Value, CultureInfo.InvariantCulture);
                }
            }
        }

        var tree = new List<int> { root };
        for (var i = 0; i < tree.Count; i++)
        {
            tree.AddRange(parents.Where(p => p.Value == tree[i] || (monitors.GetValueOrDefault(p.Key) == tree[i] && p.Value == 1))
                .Select(p => p.Key).Where(p => !tree.Contains(p)));
        }

        return tree;
    }

    private ProcessFigures? Measure(int pid, double at)
    {
        if (Stat(pid) is not { } stat || Read($"/proc/{pid}/cmdline") is not { } cmdline || Read($"/proc/{pid}/status") is not { } status)
        {
            return null; // it ended between the listing and now
        }

        var ticks = double.Parse(stat[11], CultureInfo.InvariantCulture) + double.Parse(stat[12], CultureInfo.InvariantCulture);
        double? cpu = _lastCpu.TryGetValue(pid, out var last) && at > last.At
            ? LatencyStats.Round(100 * (ticks - last.Ticks) / TicksPerSecond / (at - last.At)) : null;
        _lastCpu[pid] = (at, ticks);
        var rssKb = VmRss().Match(status) is { Success: true } m ? double.Parse(m.Groups[1].Value, CultureInfo.InvariantCulture) : 0;
        var args = cmdline.Split('\0', StringSplitOptions.RemoveEmptyEntries);
        return new ProcessFigures(KindOf(args, stat[0]), string.Join(' ', args), LatencyStats.Round(rssKb / 1024), cpu);
    }

    /// <summary>A Sorcha process by its program or assembly (Sorcha.Wallet.Service …), any other by its name.</summary>
    private static string KindOf(string[] args, string comm)
    {
        var program = args is [_, var dll, ..] && dll.EndsWith(".dll", StringComparison.Ordinal) && comm == "dotnet" ? dll : args.FirstOrDefault() ?? "";
        var name = Path.GetFileNameWithoutExtension(program);
        return name.StartsWith("Sorcha.", StringComparison.Ordinal) ? name : comm;
    }

    /// <summary>
    /// One line per process kind: a Sorcha kind's second live process (a replica) is "kind #2", and so on; other kinds
    /// (DCP's monitors, the dashboard, dotnet run) are summed.
    /// </summary>
    private static List<ProcessFigures> Named(List<ProcessFigures> processes) =>
    [
        .. processes.GroupBy(p => p.Name).SelectMany(g => g.Key.StartsWith("Sorcha.", StringComparison.Ordinal)
            ? g.Select((p, i) => i == 0 ? p : p with { Name = $"{p.Name} #{i + 1}" })
            : [g.First() with { RssMb = LatencyStats.Round(g.Sum(p => p.RssMb)), CpuPercent = g.All(p => p.CpuPercent is null) ? null : LatencyStats.Round(g.Sum(p => p.CpuPercent ?? 0)) }]),
    ];

    /// <summary>/proc/PID/stat after the command name (which may hold spaces): [0] is the name, [1] the parent, [11..12] utime, stime.</summary>
    private static string[]? Stat(int pid) => Read($"/proc/{pid}/stat") is { } text && text.LastIndexOf(')') is var close and > 0
        ? [text[(text.IndexOf('(') + 1)..close], .. text[(close + 2)..].Split(' ')[1..]]
        : null;

    private static string? Read(string path)
    {
        try
        {
            return File.ReadAllText(path);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            return null;
        }
    }

    // redis-server retitles itself "redis-server 127.0.0.1:PORT"; Garnet keeps its command line.
    [GeneratedRegex(@"redis-server\s+[^\s:]*:(\d+)|(?:garnet|GarnetServer)\S*\s.*--port\s+(\d+)", RegexOptions.IgnoreCase)]
    private static partial Regex RedisPort();

    [GeneratedRegex(@"--monitor (\d+)")]
    private static partial Regex Monitor();

    [GeneratedRegex(@"VmRSS:\s+(\d+) kB")]
    private static partial Regex VmRss();

    private sealed record ProcessFigures(string Name, string CommandLine, double RssMb, double? CpuPercent);
}

/// <summary>One sample: seconds since the load started (warm-up included), each process, Redis, what is stored.</summary>
public sealed record ResourceSample(double At, IReadOnlyList<ProcessSample> Processes, double? RedisUsedMb, long? RedisKeys, StoredCounts Stored);

/// <param name="CpuPercent">Of one core, since the previous sample; null at a process's first.</param>
public sealed record ProcessSample(string Name, double RssMb, double? CpuPercent);
