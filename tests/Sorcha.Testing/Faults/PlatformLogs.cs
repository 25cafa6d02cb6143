using System.Text;
using System.Text.RegularExpressions;
using Sorcha.AppHost;
using Sorcha.Testing.Platform;

namespace Sorcha.Testing.Faults;

/// <summary>
/// What the platform's processes said, for a fault test's own output and, when it fails, its failure message: a CI
/// run keeps no service logs, and a status alone (a 500 in RedisFaultTests, once) does not say what was thrown.
/// </summary>
public static partial class PlatformLogs
{
    private const int EntriesPerProcess = 30;
    private const int LinesPerEntry = 12;

    /// <summary>The gateway's last forwarding failures: why a client saw a 502, in the test's own output.</summary>
    public static string ForwardingFailures(PlatformFixture platform, int last = 20) => string.Join('\n',
        platform.App[SorchaApp.Gateway].Logs().Where(l => l.Contains("Forwarding to", StringComparison.Ordinal)).TakeLast(last));

    /// <summary>
    /// Runs a test's body; if it fails, the failure carries every process's warnings and errors (<see cref="WarningsAndErrors"/>).
    /// A skip passes through as it is.
    /// </summary>
    public static async Task ExplainFailureAsync(this PlatformFixture platform, Func<Task> test)
    {
        try
        {
            await test();
        }
        catch (Exception e) when (e is not SkipException)
        {
            await Task.Delay(TimeSpan.FromSeconds(1)); // output reaches the test through DCP's log stream moments after it was written
            throw new PlatformFailureException(e, WarningsAndErrors(platform));
        }
    }

    /// <summary>
    /// Each process's warning and error entries — a service's WRN/ERR/FTL lines with the exception and stack lines under
    /// them (the exception handler logs an unhandled exception so, type and stack included), Redis's warnings and the
    /// AppHost supervisor's reports — oldest first; an entry repeated with only its times, numbers or ids changed is shown
    /// once, with its count and the time of the last.
    /// </summary>
    public static string WarningsAndErrors(PlatformFixture platform)
    {
        var text = new StringBuilder();
        foreach (var resource in platform.App.Resources.OrderBy(r => r.Name, StringComparer.Ordinal))
        {
            var entries = Entries(resource.Logs());
            if (entries.Count == 0)
            {
                continue;
            }

            var shown = entries.TakeLast(EntriesPerProcess).ToList();
            text.AppendLine($"--- {resource.Name}: {entries.Sum(e => e.Count)} warnings and errors, {entries.Count} distinct" +
                (shown.Count < entries.Count ? $", the last {shown.Count} shown" : ""));
            foreach (var entry in shown)
            {
                var lines = entry.Text.Split('\n', 2);
                text.AppendLine(entry.Count == 1 ? lines[0] : $"{lines[0]}  [×{entry.Count}, the last at {Time().Match(entry.LastHeader).Value}]");
                if (lines.Length > 1)
                {
                    text.AppendLine(lines[1]);
                }
            }
        }

        return text.Length == 0 ? "(no warnings or errors in any process's output)" : text.ToString();
    }

    private static List<Entry> Entries(IReadOnlyList<string> lines)
    {
        var entries = new Dictionary<string, Entry>(StringComparer.Ordinal);
        List<string>? open = null;
        void Close()
        {
            if (open is null)
            {
                return;
            }

            var key = Volatile().Replace(string.Join('\n', open), m => IsStatus(m) ? m.Value : "#");
            if (entries.TryGetValue(key, out var seen))
            {
                seen.Count++;
                seen.LastHeader = open[0];
            }
            else
            {
                entries[key] = new Entry(string.Join('\n', open), entries.Count) { LastHeader = open[0] };
            }

            open = null;
        }

        foreach (var raw in lines)
        {
            var line = DcpTimestamp().Replace(raw, "");
            if (SerilogHeader().Match(line) is { Success: true } header)
            {
                Close();
                open = header.Groups["level"].Value is "WRN" or "ERR" or "FTL" ? [line] : null;
            }
            else if (RedisWarning().IsMatch(line) || line.Contains("[supervisor]", StringComparison.Ordinal))
            {
                Close();
                open = [line];
                Close();
            }
            else if (open is not null && open.Count < LinesPerEntry)
            {
                open.Add(line); // the exception's type, message and stack under the entry's header
            }
        }

        Close();
        return [.. entries.Values.OrderBy(e => e.Order)];
    }

    private sealed class Entry(string text, int order)
    {
        public string Text { get; } = text;

        public int Order { get; } = order;

        public int Count { get; set; } = 1;

        public string LastHeader { get; set; } = "";
    }

    /// <summary>The services' console template (ServiceDefaults/Logging): <c>[HH:mm:ss.fff LVL] Source: message</c>.</summary>
    [GeneratedRegex(@"\[\d\d:\d\d:\d\d\.\d{3} (?<level>[A-Z]{3})\] ")]
    private static partial Regex SerilogHeader();

    /// <summary>redis-server's log: <c>pid:role date time # message</c>, # marking a warning.</summary>
    [GeneratedRegex(@"\d+:[XCSM] \d{1,2} \w{3} \d{4} [\d:.]+ # ")]
    private static partial Regex RedisWarning();

    /// <summary>What changes between repeats of one entry: ids, then any number (times, durations, ports, counts).</summary>
    [GeneratedRegex(@"[0-9a-f]{16,}|[\d.:]*\d")]
    private static partial Regex Volatile();

    /// <summary>An HTTP status on its own (<c>responded 503</c>), kept, so that a 500 is never counted as one more 503.</summary>
    private static bool IsStatus(Match number) => number.Length == 3 && number.Value[0] is >= '1' and <= '5';

    [GeneratedRegex(@"\d\d:\d\d:\d\d\.\d{3}")]
    private static partial Regex Time();

    /// <summary>The time DCP puts before each line of a process's output.</summary>
    [GeneratedRegex(@"^\d{4}-\d\d-\d\dT[\d:.]+Z ")]
    private static partial Regex DcpTimestamp();
}

/// <summary>A fault test's failure, with what the platform's processes logged meanwhile.</summary>
public sealed class PlatformFailureException(Exception failure, string logs)
    : Exception($"{failure.Message}\n\nWarnings and errors in the platform's output:\n{logs}", failure);
