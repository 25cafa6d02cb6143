using System.Diagnostics;
using System.Globalization;
using System.Text;
using System.Text.Json;

namespace Sorcha.Performance.Engine;

/// <summary>results.json (figures plus what they were measured on) and a Markdown table beside it.</summary>
public static class RunReport
{
    private static readonly JsonSerializerOptions Json = new(JsonSerializerDefaults.Web) { WriteIndented = true };

    public static async Task<string> WriteAsync(RunOptions options, IReadOnlyList<ScenarioResult> results)
    {
        Directory.CreateDirectory(options.OutDir);
        var metadata = new
        {
            commit = Git("rev-parse", "HEAD"),
            startedAt = DateTimeOffset.UtcNow,
            machine = new { cores = Environment.ProcessorCount, cpu = CpuModel(), os = Environment.OSVersion.ToString() },
            configuration = "Release (generator); the platform's as started",
            target = options.Target,
            durationSeconds = options.Duration.TotalSeconds,
            warmUpSeconds = options.WarmUp.TotalSeconds,
            rateScale = options.RateScale,
        };
        var path = Path.Combine(options.OutDir, "results.json");
        await File.WriteAllTextAsync(path, JsonSerializer.Serialize(new { metadata, scenarios = results }, Json));
        await File.WriteAllTextAsync(Path.Combine(options.OutDir, "results.md"), Markdown(results));
        return path;
    }

    public static string Markdown(IReadOnlyList<ScenarioResult> results)
    {
        var md = new StringBuilder("| scenario | rate/s | requests | OK | fail | not sent | RPS | mean | P50 | P75 | P95 | P99 | max |\n")
            .Append("|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
        foreach (var r in results)
        {
            md.Append(CultureInfo.InvariantCulture,
                $"| {r.Scenario} | {r.Rate:0.#} | {r.Requests} | {r.Ok} | {r.Fail} | {r.NotSent} | {r.Rps:0.0} | {r.Mean:0.00} | {r.P50:0.00} | {r.P75:0.00} | {r.P95:0.00} | {r.P99:0.00} | {r.Max:0.00} |\n");
        }

        return md.Append("\nLatencies in ms, from each request's scheduled start; warm-up excluded.\n").ToString();
    }

    private static string CpuModel() =>
        File.Exists("/proc/cpuinfo")
            ? File.ReadLines("/proc/cpuinfo").FirstOrDefault(l => l.StartsWith("model name", StringComparison.Ordinal))?.Split(':')[1].Trim() ?? "?"
            : "?";

    private static string Git(params string[] args)
    {
        try
        {
            using var git = Process.Start(new ProcessStartInfo("git", args) { RedirectStandardOutput = true, RedirectStandardError = true })!;
            var output = git.StandardOutput.ReadToEnd().Trim();
            git.WaitForExit();
            return git.ExitCode == 0 ? output : "unknown";
        }
        catch (System.ComponentModel.Win32Exception)
        {
            return "unknown";
        }
    }
}
