using System.Globalization;
using System.Reflection;

namespace Sorcha.Performance.Engine;

/// <summary>What every figure must carry (performance.md): commit, machine, build configuration, command, load.</summary>
public sealed record RunMetadata(
    string Commit, bool UncommittedChanges, string Command, MachineInfo Machine, string HarnessConfiguration,
    string TargetConfiguration, string Target, string Mode, double WarmUpSeconds, double DurationSeconds, int Windows,
    double RateScale, IReadOnlyDictionary<string, double> Rates, DateTimeOffset StartedAt, DateTimeOffset? EndedAt,
    double[] LoadAverageAtStart, double[]? LoadAverageAtEnd)
{
    /// <summary>The machine's state as the person or script running it named it (PERF_CONDITIONS: "idle", "stress-ng --cpu 1 running").</summary>
    public string? Conditions { get; init; }

    public const string ReferenceSide = "reference";
    public const string CandidateSide = "candidate";

    /// <summary>In an A/B run, which platform these figures are from: <see cref="ReferenceSide"/> (the baseline's commit) or <see cref="CandidateSide"/>.</summary>
    public string? Side { get; init; }

    /// <summary>The same run's metadata for its reference platform.</summary>
    public RunMetadata AsReference(RunOptions options) => this with
    {
        Commit = options.ReferenceCommit, UncommittedChanges = false, Target = options.Reference?.ToString() ?? "", Side = ReferenceSide,
    };

    public static RunMetadata Capture(RunOptions options, string mode, IReadOnlyDictionary<string, double> rates) => new(
        Environment.GetEnvironmentVariable("SORCHA_COMMIT") ?? Git.Run("rev-parse", "HEAD") ?? "unknown",
        Git.Run("status", "--porcelain", "--untracked-files=no") is { Length: > 0 },
        options.Command, MachineInfo.Capture(),
        typeof(RunMetadata).Assembly.GetCustomAttribute<AssemblyConfigurationAttribute>()?.Configuration ?? "unknown",
        options.TargetConfiguration, options.Target.ToString(), mode, options.Plan.WarmUp.TotalSeconds,
        options.Plan.Duration.TotalSeconds, options.Plan.Windows, options.RateScale, rates, DateTimeOffset.UtcNow, null,
        LoadAverage(), null)
    {
        Conditions = Environment.GetEnvironmentVariable("PERF_CONDITIONS"),
    };

    public RunMetadata Finished() => this with { EndedAt = DateTimeOffset.UtcNow, LoadAverageAtEnd = LoadAverage() };

    /// <summary>1, 5 and 15 minute load averages from /proc/loadavg (empty where there is none).</summary>
    public static double[] LoadAverage() =>
        File.Exists("/proc/loadavg")
            ? [.. File.ReadAllText("/proc/loadavg").Split(' ').Take(3).Select(v => double.Parse(v, CultureInfo.InvariantCulture))]
            : [];
}

public sealed record MachineInfo(int Cores, string Cpu, string Os, double MemoryGiB)
{
    public static MachineInfo Capture() => new(Environment.ProcessorCount, CpuModel(),
        System.Runtime.InteropServices.RuntimeInformation.OSDescription,
        Math.Round(GC.GetGCMemoryInfo().TotalAvailableMemoryBytes / (1024.0 * 1024 * 1024), 1));

    private static string CpuModel() =>
        File.Exists("/proc/cpuinfo")
            ? File.ReadLines("/proc/cpuinfo").FirstOrDefault(l => l.StartsWith("model name", StringComparison.Ordinal))?.Split(':')[1].Trim() ?? "unknown"
            : "unknown";
}
