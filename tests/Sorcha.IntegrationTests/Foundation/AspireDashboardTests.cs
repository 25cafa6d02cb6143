using System.Diagnostics;
using System.Net;
using System.Net.Http.Json;
using Microsoft.Playwright;
using Sorcha.IntegrationTests.Infrastructure;
using Sorcha.Performance.Tests.Browser;
using Xunit.Abstractions;

namespace Sorcha.IntegrationTests.Foundation;

/// <summary>
/// The Aspire dashboard in Debian's chromium (Playwright): every resource listed and running, and one action submission
/// as one trace across the gateway, Blueprint, Wallet and Transaction services with Redis calls in it. The screenshot
/// of that trace is README's (docs/aspire-dashboard.png is a copy).
/// </summary>
[Collection(OperatorScope.Name)]
public sealed class AspireDashboardTests(OperatorPlatformFixture platform, ITestOutputHelper output)
{
    private static readonly string[] Hops = ["gateway", "blueprint", "wallet", "transaction", "redis"];
    private static readonly string Dir = Directory.CreateDirectory(Path.Combine(AppContext.BaseDirectory, "aspire-dashboard")).FullName;

    [SkippableFact]
    public async Task The_dashboard_lists_every_resource_and_shows_an_action_as_one_trace_across_the_services()
    {
        var chromium = HeadlessChromium.Require();
        using var playwright = await Playwright.CreateAsync();
        await using var browser = await playwright.Chromium.LaunchAsync(new() { ExecutablePath = chromium.Executable, Headless = true });
        var page = await browser.NewPageAsync(new() { ViewportSize = new() { Width = 1400, Height = 900 } });
        await page.GotoAsync(new Uri(platform.DashboardUrl, $"login?t={platform.BrowserToken}").ToString());

        // Resources: each of the platform's processes, by name.
        await page.GotoAsync(platform.DashboardUrl.ToString());
        foreach (var resource in platform.App.Resources)
        {
            await Assertions.Expect(page.GetByText(resource.Name, new() { Exact = true }).First).ToBeVisibleAsync(new() { Timeout = 30_000 });
        }

        var trace = await SubmitActionAsync();
        var seen = await WaitForTraceAsync(page, platform.DashboardUrl, trace);
        Assert.True(Hops.All(seen.Contains), $"trace {trace} shows [{string.Join(", ", seen)}], not all of [{string.Join(", ", Hops)}]");

        var png = Path.Combine(Dir, "aspire-dashboard.png");
        await page.ScreenshotAsync(new() { Path = png, FullPage = false });
        Assert.True(new FileInfo(png).Length > 20_000, "the screenshot is nearly empty");
        output.WriteLine($"screenshot: {png}");
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

    /// <summary>
    /// The trace's page until every hop shows (spans are exported in batches, a second or so after they end): the
    /// resource names the page's text holds, Redis included (the services' Redis calls, named after their peer).
    /// </summary>
    private static async Task<HashSet<string>> WaitForTraceAsync(IPage page, Uri dashboard, string trace)
    {
        var deadline = Stopwatch.StartNew();
        HashSet<string> seen = [];
        while (deadline.Elapsed < TimeSpan.FromSeconds(60))
        {
            await page.GotoAsync(new Uri(dashboard, $"traces/detail/{trace}").ToString());
            await page.WaitForLoadStateAsync(LoadState.NetworkIdle);
            var text = await page.InnerTextAsync("body");
            seen = [.. Hops.Where(h => text.Contains(h, StringComparison.OrdinalIgnoreCase))];
            if (seen.Count == Hops.Length)
            {
                return seen;
            }

            await Task.Delay(1_000);
        }

        return seen;
    }
}
