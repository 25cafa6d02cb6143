using System.Diagnostics;
using System.Net;
using System.Net.Http.Headers;
using System.Net.Http.Json;
using System.Text.Json;
using AngleSharp.Dom;
using Microsoft.AspNetCore.Builder;
using Sorcha.AppHost.Dashboard;
using Sorcha.Hosting;
using Sorcha.IntegrationTests.Blueprints;
using Sorcha.IntegrationTests.Infrastructure;
using Sorcha.Performance.Tests.Browser;
using StbImageSharp;
using Xunit.Abstractions;

namespace Sorcha.IntegrationTests.Foundation;

/// <summary>The real platform in Development with its dashboard on, as a developer's `dotnet run` of the AppHost has it.</summary>
public sealed class DashboardPlatformFixture : PlatformFixture
{
    public WebApplication Dashboard { get; private set; } = null!;

    public Uri DashboardUrl => new($"http://127.0.0.1:{Options.DashboardPort}/");

    protected override Sorcha.AppHost.SorchaAppOptions CreateOptions() => base.CreateOptions() with { DashboardPort = Ports.Free() };

    public override async Task InitializeAsync()
    {
        await base.InitializeAsync();
        Dashboard = DashboardHost.Create(WebApplication.CreateBuilder(), App, Redis, Options.DashboardPort);
        await Dashboard.StartAsync();
    }

    public override async Task DisposeAsync()
    {
        if (Dashboard is not null)
        {
            await Dashboard.DisposeAsync();
        }

        await base.DisposeAsync();
    }
}

/// <summary>
/// The dashboard in headless chromium: one action submission's hops across the services drawn as a waterfall, the log
/// filters applied by the page's own script, nothing on the console, and a screenshot (docs/dashboard.png is a copy).
/// </summary>
public sealed class DashboardPageTests(DashboardPlatformFixture platform, ITestOutputHelper output) : IClassFixture<DashboardPlatformFixture>
{
    private static readonly string[] Hops = ["gateway", "blueprint", "wallet", "transaction"];
    private static readonly string[] WarningsAndAbove = ["WRN", "ERR", "FTL"];
    private static readonly string Dir = Directory.CreateDirectory(Path.Combine(AppContext.BaseDirectory, "dashboard-page")).FullName;

    [SkippableFact]
    public async Task An_action_submission_is_drawn_as_a_waterfall_across_the_services()
    {
        var chromium = HeadlessChromium.Require();
        var trace = await SubmitActionAsync();
        await WaitForHopsAsync(trace);

        var (dom, console) = await chromium.LoadAsync($"{platform.DashboardUrl}?trace={trace}&live=0");

        Assert.Empty(console);
        Assert.Empty(dom.QuerySelectorAll("script[src], link[href^='http'], img, iframe, [src]"));
        Assert.Contains("action", dom.QuerySelector($"#requests tr[data-trace='{trace}']")!.ClassList);
        Assert.Equal(trace, dom.QuerySelector("#waterfall")!.GetAttribute("data-trace"));
        var rows = dom.QuerySelectorAll("#waterfall tr.span");
        Assert.Superset(Hops.ToHashSet(), rows.Select(r => Service(r.GetAttribute("data-resource")!)).ToHashSet());
        Assert.All(rows, r => Assert.Matches(@"left:\d+\.\d\d%;width:\d+\.\d\d%", r.QuerySelector(".bar")!.GetAttribute("style")));
        // The gateway's server span holds the whole request: it starts the time line and spans most of it.
        var first = rows[0];
        Assert.Equal(("gateway", "Server"), (first.GetAttribute("data-resource"), first.GetAttribute("data-kind")));
        Assert.StartsWith("left:0.00%", first.QuerySelector(".bar")!.GetAttribute("style"), StringComparison.Ordinal);

        var png = Path.Combine(Dir, "dashboard.png");
        NotBlank(await chromium.ScreenshotAsync($"{platform.DashboardUrl}?trace={trace}&live=0", png, 1200, 1500));
        output.WriteLine($"screenshot: {png}");
    }

    [SkippableFact]
    public async Task The_log_rows_filter_by_resource_and_by_level()
    {
        var chromium = HeadlessChromium.Require();

        var (byResource, console) = await chromium.LoadAsync($"{platform.DashboardUrl}?resource=wallet&live=0");
        var (byLevel, _) = await chromium.LoadAsync($"{platform.DashboardUrl}?level=WRN&live=0");

        Assert.Empty(console);
        var (shown, hidden) = Split(byResource);
        Assert.NotEmpty(shown);
        Assert.All(shown, r => Assert.Equal("wallet", r.GetAttribute("data-resource")));
        Assert.Contains(hidden, r => r.GetAttribute("data-resource") == "gateway");
        (shown, hidden) = Split(byLevel);
        Assert.All(shown, r => Assert.Contains(r.GetAttribute("data-level"), WarningsAndAbove));
        Assert.Contains(hidden, r => r.GetAttribute("data-level") == "INF"); // every service says where it listens
    }

    /// <summary>POSTs the first step of an expense claim under a trace id of the test's own, sampled (flag 01).</summary>
    private async Task<string> SubmitActionAsync()
    {
        using var setup = await platform.ClientAsync("dashboard-flow");
        var (instance, wallet) = await InstanceFlows.SoloExpenseInstanceAsync(setup);
        var trace = ActivityTraceId.CreateRandom().ToHexString();
        // No propagator: the traceparent below is the only one sent.
        using var client = new HttpClient(new SocketsHttpHandler { ActivityHeadersPropagator = null }) { BaseAddress = platform.Gateway.BaseAddress };
        client.DefaultRequestHeaders.Authorization = setup.DefaultRequestHeaders.Authorization;
        using var request = new HttpRequestMessage(HttpMethod.Post, $"/api/instances/{instance}/actions/submit")
        {
            Content = JsonContent.Create(new { sender = wallet, data = InstanceFlows.Claim }),
        };
        request.Headers.Add("traceparent", $"00-{trace}-{ActivitySpanId.CreateRandom().ToHexString()}-01");
        using var response = await client.SendAsync(request);
        Assert.Equal(HttpStatusCode.Created, response.StatusCode);
        return trace;
    }

    /// <summary>Spans end after their responses are sent: waits until every hop's have reached its ring.</summary>
    private async Task WaitForHopsAsync(string trace)
    {
        using var http = new HttpClient { BaseAddress = platform.DashboardUrl };
        var deadline = Stopwatch.StartNew();
        HashSet<string> seen = [];
        while (deadline.Elapsed < TimeSpan.FromSeconds(20))
        {
            using var traces = JsonDocument.Parse(await http.GetStringAsync("/api/traces"));
            seen = [.. traces.RootElement.EnumerateArray().Where(t => t.GetProperty("id").GetString() == trace)
                .SelectMany(t => t.GetProperty("spans").EnumerateArray().Select(s => Service(s.GetProperty("resource").GetString()!)))];
            if (seen.IsSupersetOf(Hops))
            {
                return;
            }

            await Task.Delay(200);
        }

        Assert.Fail($"trace {trace} reached only [{string.Join(", ", seen)}] of the dashboard");
    }

    /// <summary>The service a resource runs ("wallet-2" is a replica of "wallet"; SORCHA_TEST_REPLICAS).</summary>
    private static string Service(string resource) => resource.Split('-')[0];

    private static (List<IElement> Shown, List<IElement> Hidden) Split(IDocument dom)
    {
        var rows = dom.QuerySelectorAll("#logs tr.log").ToList();
        return ([.. rows.Where(r => !r.HasAttribute("hidden"))], [.. rows.Where(r => r.HasAttribute("hidden"))]);
    }

    /// <summary>At least 5 % of the pixels are not background, in many colours (text, bars, anti-aliasing).</summary>
    private static void NotBlank(ImageResult png)
    {
        Assert.Equal(1200, png.Width);
        var pixels = png.Data.Chunk(3).Select(p => (p[0] << 16) | (p[1] << 8) | p[2]).ToArray();
        var background = pixels.CountBy(p => p).MaxBy(g => g.Value).Key;
        Assert.True(pixels.Count(p => p != background) > pixels.Length / 20, "the screenshot is mostly blank");
        Assert.True(pixels.Distinct().Count() > 50, "the screenshot has too few colours");
    }
}
