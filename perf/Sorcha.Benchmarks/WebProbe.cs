using System.Globalization;

namespace Sorcha.Benchmarks;

/// <summary>
/// The web app's figures against a running platform (Development, as the AppHost runs it):
/// <c>dotnet run -c Release --project perf/Sorcha.Benchmarks -- web http://localhost:5000 &lt;dev-client-secret file&gt; [samples] [inbox samples] [web pid]</c>,
/// from the repository root. (1) A signed-in person's GET of / and /instances through the gateway (the prerendered
/// HTML, the session cookie sent), one at a time, samples (200) measured after 20 not measured; the static
/// blazor.web.js once. (2) A step's 201 to the next participant's inbox row (<see cref="WebInboxLatency"/>), inbox
/// samples (30) after 3 not measured. (3) The web process's RSS with 20 circuits open and with 200 HTTP sessions
/// (<see cref="WebMemory"/>). A benchmark: it prints whether the target was met and exits 0 either way.
/// </summary>
internal static class WebProbe
{
    private const int Circuits = 20;
    private const int Sessions = 200;
    private const double InboxTargetMs = 1000;

    public static async Task<int> RunAsync(string[] args)
    {
        var gateway = new Uri(args[1]);
        var secret = (await File.ReadAllTextAsync(args[2])).Trim();
        var samples = args.Length > 3 ? int.Parse(args[3], CultureInfo.InvariantCulture) : 200;
        var inboxSamples = args.Length > 4 ? int.Parse(args[4], CultureInfo.InvariantCulture) : 30;
        var pid = WebMemory.FindPid(args.Length > 5 ? args[5] : null);
        var report = new WebReport(args, pid);
        var run = DateTime.UtcNow.ToString("HHmmssfff", CultureInfo.InvariantCulture);
        using var http = new HttpClient { BaseAddress = gateway };

        // The manager's wallet exists before their circuit starts: a circuit watches the wallets it finds at its start.
        var manager = $"web-bench-manager-{run}";
        var people = await WebInboxLatency.SetUpAsync(http, secret, manager, run);
        using var managerSession = await WebSession.SignInAsync(gateway, manager);
        await using var browser = await WebBrowser.LaunchAsync();
        var inbox = await browser.InboxAsync(gateway, managerSession);
        Console.WriteLine($"web app pid {pid}; {inboxSamples} steps to the manager's open inbox after 3 not measured");
        for (var i = 0; i < 3; i++)
        {
            await WebInboxLatency.OnceAsync(inbox, people);
        }

        var steps = new List<WebInboxLatency.Sample>();
        for (var i = 0; i < inboxSamples; i++)
        {
            steps.Add(await WebInboxLatency.OnceAsync(inbox, people));
        }

        await inbox.Context.CloseAsync();
        report.Inbox(steps, InboxTargetMs);

        Console.WriteLine($"page loads as the manager ({inboxSamples + 3} open steps), {samples} each after 20 not measured");
        report.Page("GET / (the inbox, prerendered)", await TimeAsync(managerSession, "/", "<title>Inbox", samples));
        report.Page("GET /instances (prerendered)", await TimeAsync(managerSession, "/instances", "<title>Instances", samples));
        report.Page("GET /_framework/blazor.web.js (static, once)", [await managerSession.GetAsync("/_framework/blazor.web.js", "Blazor")]);

        Console.WriteLine($"memory of the web process, each reading {WebMemory.Settle.TotalSeconds:F0} s after the step");
        report.Memory(await WebMemory.MeasureAsync(pid, gateway, browser, run, Circuits, Sessions));
        await report.WriteAsync();
        return 0;
    }

    private static async Task<double[]> TimeAsync(WebSession session, string path, string expect, int n)
    {
        for (var i = 0; i < 20; i++)
        {
            await session.GetAsync(path, expect);
        }

        var times = new double[n];
        for (var i = 0; i < n; i++)
        {
            times[i] = await session.GetAsync(path, expect);
        }

        return times;
    }
}
