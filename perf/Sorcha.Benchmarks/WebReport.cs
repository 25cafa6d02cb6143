using System.Diagnostics;
using System.Globalization;
using System.Text.Json;
using System.Text.Json.Nodes;

namespace Sorcha.Benchmarks;

/// <summary>
/// The web probe's tables on the console, and the same figures with the run's command, commit, machine and load
/// averages (start and end) in artifacts/perf/web-&lt;utc&gt;/web.json.
/// </summary>
internal sealed class WebReport(string[] args, int pid)
{
    private readonly DateTime _started = DateTime.UtcNow;
    private readonly string _loadBefore = LoadAverage();
    private readonly JsonArray _latency = [];
    private readonly JsonArray _memory = [];
    private JsonObject _inbox = [];
    private bool _pages;

    public void Page(string what, double[] times)
    {
        if (!_pages)
        {
            _pages = true;
            Console.WriteLine(Header);
        }

        Row(what, times, _latency);
    }

    public void Inbox(List<WebInboxLatency.Sample> samples, double targetMs)
    {
        Console.WriteLine(Header);
        var dom = Row("201 → the row in the DOM (MutationObserver)", [.. samples.Select(s => s.Dom)], _latency);
        var painted = Row("201 → the frame that paints it (requestAnimationFrame)", [.. samples.Select(s => s.Frame)], _latency);
        Row("201 → the observer's answer back in the probe (upper bound)", [.. samples.Select(s => s.Answered)], _latency);
        var clock = samples.Select(s => s.ClockRoundTrip).Max();
        var met = painted["p99"]!.GetValue<double>() <= targetMs;
        Console.WriteLine(string.Create(CultureInfo.InvariantCulture,
            $"target P99 ≤ {targetMs:F0} ms to the painted row: {(met ? "met" : "missed")}; clocks aligned to ± {clock / 2:F2} ms (worst sample)"));
        _inbox = new JsonObject { ["targetP99Ms"] = targetMs, ["met"] = met, ["clockUncertaintyMs"] = clock / 2, ["dom"] = dom.DeepClone(), ["frame"] = painted.DeepClone() };
    }

    public void Memory(List<WebMemory.Step> steps)
    {
        Console.WriteLine("| state | open | RSS MiB | per item KiB (against the reading before) |\n|---|---|---|---|");
        for (var i = 0; i < steps.Count; i++)
        {
            var step = steps[i];
            double? each = step.Open > 0 && i > 0 ? (double)(step.RssKiB - steps[i - 1].RssKiB) / step.Open : null;
            Console.WriteLine(string.Create(CultureInfo.InvariantCulture,
                $"| {step.What} | {step.Open} | {step.RssKiB / 1024.0:F1} | {(each is { } e ? e.ToString("F0", CultureInfo.InvariantCulture) : "")} |"));
            _memory.Add(new JsonObject { ["state"] = step.What, ["open"] = step.Open, ["rssKiB"] = step.RssKiB, ["perItemKiB"] = each });
        }
    }

    public async Task WriteAsync()
    {
        var folder = Directory.CreateDirectory(Path.Combine("artifacts", "perf", "web-" + _started.ToString("yyyyMMdd-HHmmss", CultureInfo.InvariantCulture)));
        var document = new JsonObject
        {
            ["command"] = "dotnet run -c Release --project perf/Sorcha.Benchmarks -- " + string.Join(' ', args),
            ["commit"] = Git("rev-parse", "HEAD"),
            ["startedUtc"] = _started.ToString("O", CultureInfo.InvariantCulture),
            ["machine"] = new JsonObject { ["cores"] = Environment.ProcessorCount, ["cpu"] = Cpu(), ["loadBefore"] = _loadBefore, ["loadAfter"] = LoadAverage() },
            ["webPid"] = pid,
            ["latency"] = _latency,
            ["inbox"] = _inbox,
            ["memory"] = _memory,
        };
        var path = Path.Combine(folder.FullName, "web.json");
        await File.WriteAllTextAsync(path, document.ToJsonString(new JsonSerializerOptions { WriteIndented = true }));
        Console.WriteLine($"load average before {_loadBefore}, after {LoadAverage()}; {path}");
    }

    private const string Header = "| what | n | P50 ms | P95 ms | P99 ms | max ms |\n|---|---|---|---|---|---|";

    private static JsonObject Row(string what, double[] times, JsonArray into)
    {
        Array.Sort(times);
        double P(double p) => times[Math.Min(times.Length - 1, (int)Math.Ceiling(p * times.Length) - 1)];
        Console.WriteLine(string.Create(CultureInfo.InvariantCulture,
            $"| {what} | {times.Length} | {P(0.5):F2} | {P(0.95):F2} | {P(0.99):F2} | {times[^1]:F2} |"));
        var row = new JsonObject { ["what"] = what, ["n"] = times.Length, ["p50"] = P(0.5), ["p95"] = P(0.95), ["p99"] = P(0.99), ["max"] = times[^1] };
        into.Add(row);
        return row;
    }

    private static string LoadAverage() => File.ReadAllText("/proc/loadavg").Trim();

    private static string Cpu() =>
        File.ReadLines("/proc/cpuinfo").FirstOrDefault(l => l.StartsWith("model name", StringComparison.Ordinal))?.Split(':')[1].Trim() ?? "unknown";

    private static string? Git(params string[] arguments)
    {
        using var git = Process.Start(new ProcessStartInfo("git", arguments) { RedirectStandardOutput = true });
        var output = git?.StandardOutput.ReadToEnd().Trim();
        git?.WaitForExit();
        return git?.ExitCode == 0 ? output : null;
    }
}
