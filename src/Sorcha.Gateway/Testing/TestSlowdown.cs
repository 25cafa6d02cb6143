using System.Diagnostics;
using System.Globalization;

namespace Sorcha.Gateway.Testing;

/// <summary>
/// A real slowdown for proving that the load gate catches one (docs/performance.md, "The gate"): with
/// <c>SORCHA_TEST_SLOWDOWN="GET /api/wallets/=0.4"</c> in the gateway's environment, every request whose method and
/// path start so first keeps a thread busy for 0.4 ms. The gateway does more work; nothing is scaled after the fact.
/// Off unless the variable is set; read once at startup from the process environment, which no request can reach;
/// Development only: in any other environment it is ignored with a warning (and the AppHost does not pass it on).
/// </summary>
public static class TestSlowdown
{
    public const string Variable = "SORCHA_TEST_SLOWDOWN";

    public static WebApplication UseTestSlowdown(this WebApplication app)
    {
        if (Environment.GetEnvironmentVariable(Variable) is not { Length: > 0 } setting)
        {
            return app;
        }

        if (!app.Environment.IsDevelopment())
        {
            app.Logger.LogWarning("{Variable} is ignored: a test hook, honoured in Development only", Variable);
            return app;
        }

        var (prefix, busy) = Parse(setting);
        app.Logger.LogWarning("{Variable}: every '{Prefix}' request is slowed by {Ms} ms (test-only)", Variable, prefix, busy.TotalMilliseconds);
        app.Use(async (context, next) =>
        {
            if ($"{context.Request.Method} {context.Request.Path}".StartsWith(prefix, StringComparison.Ordinal))
            {
                var start = Stopwatch.GetTimestamp();
                while (Stopwatch.GetElapsedTime(start) < busy)
                {
                    Thread.SpinWait(50);
                }
            }

            await next(context);
        });
        return app;
    }

    /// <summary>"METHOD /path/prefix=milliseconds"; anything else stops the gateway at startup rather than run unslowed.</summary>
    public static (string Prefix, TimeSpan Busy) Parse(string setting) =>
        setting.LastIndexOf('=') is var eq and > 0
        && double.TryParse(setting[(eq + 1)..], NumberStyles.Float, CultureInfo.InvariantCulture, out var ms) && ms is > 0 and <= 1_000
            ? (setting[..eq], TimeSpan.FromMilliseconds(ms))
            : throw new InvalidOperationException($"{Variable}: want \"METHOD /path/prefix=milliseconds\" (0 < ms ≤ 1000), got \"{setting}\"");
}
