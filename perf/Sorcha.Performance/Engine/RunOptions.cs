using System.Globalization;

namespace Sorcha.Performance.Engine;

/// <summary>The command line (docs/performance.md, "Load tests"). Unknown options are an error, never ignored.</summary>
public sealed record RunOptions
{
    public const string DefaultBaseline = "perf/Sorcha.Performance/baseline.json";
    private static readonly HashSet<string> Flags = ["smoke", "capacity", "samples", "update-baseline", "soak", "accept-slower"];

    /// <summary>
    /// --smoke: every scenario, 30 s warm-up, 75 s measured (in 5 s windows: an A/B gate pairs them), at a quarter of the default
    /// rates but at least <see cref="SmokeMinRate"/> — the defaults load a slow 2-core machine until latency measures
    /// queueing, not the work; freshly started processes keep tiering up their JIT code for the first half minute; and a
    /// P95 must rest on enough requests (≥ 900) not to be sampling noise (docs/performance.md, "The gate").
    /// </summary>
    public static readonly LoadPlan SmokePlan = new(TimeSpan.FromSeconds(30), TimeSpan.FromSeconds(75), 15);

    public const double SmokeRateScale = 0.25;

    /// <summary>Smoke rates are floored here (12/s × 75 s = 900 requests) unless a scenario's default is lower.</summary>
    public const double SmokeMinRate = 12;

    /// <summary>--capacity: --warmup warms each scenario up once, --duration is the length of each search step.</summary>
    public static readonly LoadPlan CapacityPlan = new(TimeSpan.FromSeconds(20), TimeSpan.FromSeconds(10), 1);

    public Uri Target { get; init; } = new("http://localhost:5000");

    /// <summary>--reference: a second platform, of the baseline's commit, loaded beside the target in the same run (A/B).</summary>
    public Uri? Reference { get; init; }
    public string? ReferenceDataDir { get; init; }
    public string ReferenceCommit { get; init; } = "unknown";
    /// <summary>
    /// 60 s of warm-up by default: the services' tiered JIT goes on compiling for about 50 s at 100 actions/s, and
    /// measured inside that the figures are the JIT's as much as the platform's (docs/performance.md, "Warm-up").
    /// </summary>
    public LoadPlan Plan { get; init; } = new(TimeSpan.FromSeconds(60), TimeSpan.FromSeconds(30), 3);
    public double RateScale { get; init; } = 1;
    public IReadOnlyDictionary<string, double> Rates { get; init; } = new Dictionary<string, double>();
    public string[]? Scenarios { get; init; }
    public string? Compare { get; init; }
    public string? CompareOnly { get; init; }
    public string[]? BaselineFrom { get; init; }
    public string? UpdateBaseline { get; init; }

    /// <summary>--accept-slower: --update-baseline writes even when the run was slower than the old baseline's commit (a change meant to be).</summary>
    public bool AcceptSlower { get; init; }
    public bool Smoke { get; init; }
    public bool Capacity { get; init; }

    /// <summary>--soak --platform-pid PID: sample the platform's processes and Redis while loading, and judge drift and growth (Engine/Soak).</summary>
    public bool Soak { get; init; }
    public int? PlatformPid { get; init; }
    public double P99BoundMs { get; init; } = 10;
    public bool Samples { get; init; }
    public string OutDir { get; init; } = Path.Combine("artifacts", "perf", DateTime.UtcNow.ToString("yyyyMMdd-HHmmss", CultureInfo.InvariantCulture));
    public string TargetConfiguration { get; init; } = Environment.GetEnvironmentVariable("SORCHA_TARGET_CONFIGURATION") ?? "unknown";
    public string? SecretOption { get; init; }
    public string? DataDir { get; init; }
    public string Command { get; init; } = "";

    public double RateOf(string scenario, double defaultRate) =>
        Rates.TryGetValue(scenario, out var rate) ? rate
        : Smoke ? Math.Max(defaultRate * RateScale, Math.Min(defaultRate, SmokeMinRate))
        : defaultRate * RateScale;

    /// <summary>The development client secret: --secret, SORCHA_DEV_CLIENT_SECRET, or the AppHost's data folder.</summary>
    public string Secret() =>
        SecretOption ?? Environment.GetEnvironmentVariable("SORCHA_DEV_CLIENT_SECRET")
        ?? File.ReadAllText(Path.Combine(DataDir ?? Path.Combine("src", "Sorcha.AppHost", ".data"), "dev-client-secret")).Trim();

    /// <summary>The reference platform's development client secret, from its AppHost's data folder.</summary>
    public string ReferenceSecret() =>
        File.ReadAllText(Path.Combine(ReferenceDataDir ?? throw new ArgumentException("--reference needs --reference-data-dir"), "dev-client-secret")).Trim();

    public static RunOptions Parse(IReadOnlyList<string> args)
    {
        var values = new Dictionary<string, string>();
        var rates = new Dictionary<string, double>();
        for (var i = 0; i < args.Count; i++)
        {
            var name = args[i].StartsWith("--", StringComparison.Ordinal) ? args[i][2..] : throw new ArgumentException($"unexpected '{args[i]}'");
            var hasValue = i + 1 < args.Count && !args[i + 1].StartsWith("--", StringComparison.Ordinal);
            if (!Flags.Contains(name) && !hasValue)
            {
                throw new ArgumentException($"--{name} needs a value");
            }

            var value = hasValue && (!Flags.Contains(name) || name == "update-baseline") ? args[++i] : "";
            if (name == "rate")
            {
                foreach (var pair in value.Split(',', StringSplitOptions.RemoveEmptyEntries))
                {
                    var (scenario, rate) = pair.Split('=') is [var s, var r] ? (s, Number(r)) : throw new ArgumentException($"--rate {pair}: want name=rate");
                    rates[scenario] = rate;
                }
            }
            else
            {
                values[name] = value;
            }
        }

        return From(values, rates, args);
    }

    private static RunOptions From(Dictionary<string, string> v, Dictionary<string, double> rates, IReadOnlyList<string> args)
    {
        var known = new[] { "target", "duration", "warmup", "windows", "rate-scale", "scenarios", "compare", "compare-only", "baseline-from", "update-baseline",
            "smoke", "capacity", "p99-bound", "samples", "out", "target-config", "secret", "data-dir", "reference", "reference-data-dir",
            "reference-commit", "soak", "platform-pid", "accept-slower" };
        if (v.Keys.FirstOrDefault(k => !known.Contains(k)) is { } unknown)
        {
            throw new ArgumentException($"unknown option --{unknown}");
        }

        var smoke = v.ContainsKey("smoke");
        var capacity = v.ContainsKey("capacity");
        var plan = smoke ? SmokePlan : capacity ? CapacityPlan : new RunOptions().Plan;
        plan = new LoadPlan(
            v.TryGetValue("warmup", out var w) ? TimeSpan.FromSeconds(Number(w)) : plan.WarmUp,
            v.TryGetValue("duration", out var d) ? TimeSpan.FromSeconds(Number(d)) : plan.Duration,
            v.TryGetValue("windows", out var k) ? (int)Number(k) : plan.Windows);
        var defaults = new RunOptions();
        return defaults with
        {
            Target = v.TryGetValue("target", out var t) ? new Uri(t) : defaults.Target,
            Reference = v.TryGetValue("reference", out var r) ? new Uri(r) : null,
            ReferenceDataDir = v.GetValueOrDefault("reference-data-dir"),
            ReferenceCommit = v.GetValueOrDefault("reference-commit") ?? defaults.ReferenceCommit,
            Plan = plan.Windows >= 1 && plan.Duration > TimeSpan.Zero ? plan : throw new ArgumentException("--duration and --windows must be positive"),
            RateScale = v.TryGetValue("rate-scale", out var scale) ? Number(scale) : smoke ? SmokeRateScale : 1,
            Rates = rates,
            Scenarios = v.TryGetValue("scenarios", out var names) ? names.Split(',', StringSplitOptions.RemoveEmptyEntries) : null,
            Compare = v.GetValueOrDefault("compare"),
            CompareOnly = v.GetValueOrDefault("compare-only"),
            BaselineFrom = v.TryGetValue("baseline-from", out var from) ? from.Split(',', StringSplitOptions.RemoveEmptyEntries) : null,
            UpdateBaseline = v.TryGetValue("update-baseline", out var b) ? (b.Length > 0 ? b : DefaultBaseline) : null,
            AcceptSlower = v.ContainsKey("accept-slower") ? v.ContainsKey("update-baseline") ? true : throw new ArgumentException("--accept-slower only goes with --update-baseline") : false,
            Smoke = smoke,
            Capacity = capacity,
            Soak = v.ContainsKey("soak") ? v.ContainsKey("platform-pid") ? true : throw new ArgumentException("--soak needs --platform-pid (the AppHost's process id)") : false,
            PlatformPid = v.TryGetValue("platform-pid", out var pid) ? (int)Number(pid) : null,
            P99BoundMs = v.TryGetValue("p99-bound", out var bound) ? Number(bound) : defaults.P99BoundMs,
            Samples = v.ContainsKey("samples"),
            OutDir = v.GetValueOrDefault("out")
                     ?? (v.TryGetValue("compare-only", out var results) ? Path.GetDirectoryName(Path.GetFullPath(results))! : defaults.OutDir),
            TargetConfiguration = v.GetValueOrDefault("target-config") ?? defaults.TargetConfiguration,
            SecretOption = v.GetValueOrDefault("secret"),
            DataDir = v.GetValueOrDefault("data-dir"),
            Command = "dotnet run -c Release --project perf/Sorcha.Performance -- " + string.Join(' ', Masked(args)),
        };
    }

    private static double Number(string text) => double.Parse(text, NumberStyles.Float, CultureInfo.InvariantCulture);

    private static IEnumerable<string> Masked(IReadOnlyList<string> args) =>
        args.Select((a, i) => i > 0 && args[i - 1] == "--secret" ? "***" : a);
}
