using Microsoft.Playwright;

namespace Sorcha.Benchmarks;

/// <summary>
/// The web process's resident set (VmRSS of /proc/&lt;pid&gt;/status). A full GC cannot be forced from outside and
/// dotnet-counters is not installed, so each reading is taken after <see cref="Settle"/> of quiet, and RSS includes
/// whatever the GC has not returned: a per-circuit or per-session figure from it is an upper bound.
/// </summary>
internal static class WebMemory
{
    public static readonly TimeSpan Settle = TimeSpan.FromSeconds(10);

    public sealed record Step(string What, int Open, long RssKiB);

    /// <summary>The web app's process: the one given, or the only Sorcha.Web of this checkout's build (artifacts/bin).</summary>
    public static int FindPid(string? given)
    {
        if (given is not null)
        {
            return int.Parse(given, System.Globalization.CultureInfo.InvariantCulture);
        }

        // Other checkouts on the machine may run a platform too: only this one's build output counts.
        var build = Path.Combine(Directory.GetCurrentDirectory(), "artifacts", "bin", "Sorcha.Web") + "/";
        var found = Directory.GetDirectories("/proc").Select(Path.GetFileName).Where(d => d!.All(char.IsAsciiDigit))
            .Where(d => Arguments(d!).Take(2).Any(a => a.StartsWith(build, StringComparison.Ordinal)))
            .Select(d => int.Parse(d!, System.Globalization.CultureInfo.InvariantCulture)).ToList();
        return found.Count == 1 ? found[0]
            : throw new InvalidOperationException($"{found.Count} processes run {build}*: give the web app's pid as the last argument");
    }

    private static string[] Arguments(string pid)
    {
        try
        {
            return File.ReadAllText($"/proc/{pid}/cmdline").Split('\0');
        }
        catch (IOException)
        {
            return []; // it ended meanwhile
        }
        catch (UnauthorizedAccessException)
        {
            return [];
        }
    }

    public static async Task<Step> ReadAsync(int pid, string what, int open)
    {
        await Task.Delay(Settle);
        var line = File.ReadLines($"/proc/{pid}/status").First(l => l.StartsWith("VmRSS:", StringComparison.Ordinal));
        var step = new Step(what, open, long.Parse(line.Split(' ', StringSplitOptions.RemoveEmptyEntries)[1], System.Globalization.CultureInfo.InvariantCulture));
        Console.WriteLine($"  RSS {step.RssKiB / 1024.0:F1} MiB: {what}");
        return step;
    }

    /// <summary>
    /// RSS with none, with <paramref name="sessions"/> sign-ins over plain HTTP, with <paramref name="circuits"/> inboxes
    /// open besides (each a fresh person's context), and with every client closed.
    /// </summary>
    public static async Task<List<Step>> MeasureAsync(int pid, Uri gateway, WebBrowser browser, string run, int circuits, int sessions)
    {
        // Sessions first: a closed page's circuit is kept by the server for minutes (in case it reconnects), and its
        // release in the middle of the sessions' step would hide their few KiB each.
        var steps = new List<Step> { await ReadAsync(pid, "none open (the benchmark's manager page closed)", 0) };
        var signedIn = new List<WebSession>();
        for (var i = 0; i < sessions; i++)
        {
            signedIn.Add(await WebSession.SignInAsync(gateway, $"web-bench-session-{i}-{run}"));
        }

        steps.Add(await ReadAsync(pid, $"{sessions} sessions signed in over HTTP (no circuit)", sessions));
        var pages = new List<IPage>();
        for (var i = 0; i < circuits; i++)
        {
            var session = await WebSession.SignInAsync(gateway, $"web-bench-circuit-{i}-{run}");
            signedIn.Add(session);
            pages.Add(await browser.InboxAsync(gateway, session));
        }

        steps.Add(await ReadAsync(pid, $"{circuits} more: circuits (inbox pages, each its own session) open", circuits));
        foreach (var page in pages)
        {
            await page.Context.CloseAsync();
        }

        signedIn.ForEach(s => s.Dispose());
        steps.Add(await ReadAsync(pid, "every page and client closed", 0));
        return steps;
    }
}
