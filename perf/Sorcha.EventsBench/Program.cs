using System.Globalization;
using Sorcha.EventsBench;

// Live-event and inbox figures against a running platform (docs/performance.md, "Live events and the inbox: how
// measured"); perf/scripts/events-figures.sh starts fresh platforms and runs each mode. Each mode prints one Markdown table
// row per figure on stdout (`header <mode>` prints the table's head), progress on stderr; exit 0 when every request
// and event was OK, 1 when any failed, 2 when the run itself could not be made.
//   latency <gateway> [--rate 20] [--warm 10] [--seconds 30] [--label name]
//   inbox   <gateway> [--open 10000] [--rate 25] [--warm 10] [--seconds 30]
//   idle    <gateway> --pid name=pid ... [--connections 1000] [--per-caller 20] [--idle 30]
// The development client secret comes from SORCHA_DEV_CLIENT_SECRET (scripts/lib/platform.sh exports it), never argv.
if (args is ["header", var which])
{
    Console.WriteLine(which switch
    {
        "latency" => CommitLatency.Header,
        "inbox" => InboxDepth.Header,
        _ => IdleConnections.Header,
    });
    return 0;
}

if (args.Length < 2 || Environment.GetEnvironmentVariable("SORCHA_DEV_CLIENT_SECRET") is not { Length: > 0 } secret)
{
    Console.Error.WriteLine("usage: Sorcha.EventsBench latency|inbox|idle <gateway url> [options]; SORCHA_DEV_CLIENT_SECRET set");
    return 2;
}

var options = new Dictionary<string, string>(StringComparer.Ordinal);
var pids = new List<(string, int)>();
for (var i = 2; i + 1 < args.Length; i += 2)
{
    if (args[i] == "--pid")
    {
        var (name, pid) = (args[i + 1].Split('=')[0], int.Parse(args[i + 1].Split('=')[1], CultureInfo.InvariantCulture));
        pids.Add((name, pid));
    }
    else
    {
        options[args[i].TrimStart('-')] = args[i + 1];
    }
}

int Int(string name, int fallback) => options.TryGetValue(name, out var v) ? int.Parse(v, CultureInfo.InvariantCulture) : fallback;
double Rate(double fallback) => options.TryGetValue("rate", out var v) ? double.Parse(v, CultureInfo.InvariantCulture) : fallback;

using var cancel = new CancellationTokenSource();
Console.CancelKeyPress += (_, e) => { e.Cancel = true; cancel.Cancel(); };
using var target = new Target(new Uri(args[1]), secret);
try
{
    return args[0] switch
    {
        "latency" => await CommitLatency.RunAsync(target, Rate(20), Int("warm", 10), Int("seconds", 30),
            options.GetValueOrDefault("label", "latency"), cancel.Token),
        "inbox" => await InboxDepth.RunAsync(target, Int("open", 10_000), Rate(25), Int("warm", 10), Int("seconds", 30), cancel.Token),
        "idle" when pids.Count > 0 => await IdleConnections.RunAsync(target, Int("connections", 1_000), Int("per-caller", 20),
            Int("idle", 30), pids, cancel.Token),
        _ => throw new ArgumentException($"unknown mode '{args[0]}' (or idle without --pid)"),
    };
}
#pragma warning disable CA1031 // a setup that throws (seeding, a refused connection) is a failed run: exit 2, not a crash
catch (Exception e)
#pragma warning restore CA1031
{
    Console.Error.WriteLine($"run failed: {e}");
    return 2;
}
