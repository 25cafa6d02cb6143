using System.Globalization;

namespace Sorcha.Performance.Engine;

/// <summary>Command line: --target, --duration, --warmup, --rate-scale, --scenarios, --secret, --out.</summary>
public sealed record RunOptions(Uri Target, TimeSpan Duration, TimeSpan WarmUp, double RateScale, string[]? Scenarios, string Secret, string OutDir)
{
    public static RunOptions Parse(string[] args)
    {
        var map = new Dictionary<string, string>();
        for (var i = 0; i + 1 < args.Length; i += 2)
        {
            map[args[i].TrimStart('-')] = args[i + 1];
        }

        string Get(string key, string fallback) => map.TryGetValue(key, out var v) ? v : fallback;
        var secret = map.TryGetValue("secret", out var s) ? s
            : Environment.GetEnvironmentVariable("SORCHA_DEV_CLIENT_SECRET")
              ?? File.ReadAllText(Path.Combine("src", "Sorcha.AppHost", ".data", "dev-client-secret")).Trim();
        return new RunOptions(
            new Uri(Get("target", "http://localhost:5000")),
            TimeSpan.FromSeconds(double.Parse(Get("duration", "30"), CultureInfo.InvariantCulture)),
            TimeSpan.FromSeconds(double.Parse(Get("warmup", "20"), CultureInfo.InvariantCulture)),
            double.Parse(Get("rate-scale", "1"), CultureInfo.InvariantCulture),
            map.TryGetValue("scenarios", out var names) ? names.Split(',', StringSplitOptions.RemoveEmptyEntries) : null,
            secret,
            Get("out", Path.Combine("artifacts", "perf", DateTime.UtcNow.ToString("yyyyMMdd-HHmmss", CultureInfo.InvariantCulture))));
    }
}
