using System.Text.RegularExpressions;

namespace Sorcha.AppHost.Dashboard;

/// <summary>
/// The level of each output line, read from what the processes already print, so no console changes for the
/// dashboard's sake: the services' Serilog template starts every event with <c>[HH:mm:ss.fff LVL]</c> (LoggingSetup),
/// redis-server marks its lines with <c>. - * #</c>, and the AppHost's own reports start <c>[apphost]</c>. A line
/// without a mark continues the event before it (an exception's stack trace) and takes its level; "?" before any.
/// </summary>
public static partial class LogLevels
{
    /// <summary>Serilog's short names, lowest first: a filter on one shows it and everything above.</summary>
    public static readonly IReadOnlyList<string> Order = ["VRB", "DBG", "INF", "WRN", "ERR", "FTL"];

    public const string Unknown = "?";

    public static IEnumerable<(string Level, string Line)> Classify(IEnumerable<string> lines)
    {
        var current = Unknown;
        foreach (var line in lines)
        {
            current = Of(line) ?? current;
            yield return (current, line);
        }
    }

    /// <summary>The level a line states itself; null when it states none.</summary>
    public static string? Of(string line)
    {
        if (SerilogLine().Match(line) is { Success: true } serilog)
        {
            return serilog.Groups[1].Value;
        }

        if (RedisLine().Match(line) is { Success: true } redis)
        {
            return redis.Groups[1].Value switch { "#" => "WRN", "*" => "INF", _ => "DBG" };
        }

        if (line.StartsWith("[apphost] ", StringComparison.Ordinal))
        {
            return line.Contains("exited", StringComparison.Ordinal) || line.Contains("GIVING UP", StringComparison.Ordinal) ? "WRN" : "INF";
        }

        // What the runtime prints when a process dies of an exception nobody caught, outside any logger.
        return line.StartsWith("Unhandled exception.", StringComparison.Ordinal) ? "FTL" : null;
    }

    [GeneratedRegex(@"^\[\d\d:\d\d:\d\d\.\d{3} (VRB|DBG|INF|WRN|ERR|FTL)\] ")]
    private static partial Regex SerilogLine();

    // e.g. "4242:M 24 Nov 2026 20:42:42.123 * Ready to accept connections tcp"
    [GeneratedRegex(@"^\d+:[XCSM] \d\d \w{3} \d{4} [\d:.]+ ([.\-*#]) ")]
    private static partial Regex RedisLine();
}
