using System.Diagnostics;
using Microsoft.Playwright;

namespace Sorcha.Benchmarks;

/// <summary>
/// Debian's chromium through Playwright (its own browser downloads are not reachable here), headless, without the
/// background networking this machine refuses. Each person is a context of their own holding the session cookie that
/// <see cref="WebSession"/> signed in for, so no page time goes into the sign-in form.
/// </summary>
internal sealed class WebBrowser : IAsyncDisposable
{
    private const string Chromium = "/usr/bin/chromium";
    private readonly IPlaywright _playwright;
    private readonly IBrowser _browser;

    private WebBrowser(IPlaywright playwright, IBrowser browser) => (_playwright, _browser) = (playwright, browser);

    public static async Task<WebBrowser> LaunchAsync()
    {
        var playwright = await Playwright.CreateAsync();
        var browser = await playwright.Chromium.LaunchAsync(new()
        {
            ExecutablePath = Chromium,
            Headless = true,
            Args = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
        });
        return new WebBrowser(playwright, browser);
    }

    /// <summary>The inbox of <paramref name="session"/>'s person in a new context, once its circuit is live.</summary>
    public async Task<IPage> InboxAsync(Uri gateway, WebSession session)
    {
        var context = await _browser.NewContextAsync(new() { BaseURL = gateway.ToString(), ViewportSize = new() { Width = 1280, Height = 900 } });
        context.SetDefaultTimeout(30_000);
        await context.AddCookiesAsync([new Cookie { Name = WebSession.SessionCookie, Value = session.Cookie, Url = gateway.ToString() }]);
        var page = await context.NewPageAsync();
        await page.GotoAsync("/");
        // The prerendered page is there before the circuit: only data-interactive=true says the live updates can arrive.
        await page.WaitForSelectorAsync("[data-interactive=true]", new() { State = WaitForSelectorState.Attached });
        return page;
    }

    /// <summary>
    /// The page's clock (performance.now(), ms) minus this process's <see cref="Now"/>, from the round trip of the
    /// shortest of five reads: the page's reading is taken to be at the trip's midpoint, so the offset is good to ± half
    /// the returned round trip.
    /// </summary>
    public static async Task<(double Offset, double RoundTrip)> ClockAsync(IPage page)
    {
        var best = (Offset: 0.0, RoundTrip: double.MaxValue);
        for (var i = 0; i < 5; i++)
        {
            var sent = Now();
            var inPage = await page.EvaluateAsync<double>("() => performance.now()");
            var back = Now();
            if (back - sent < best.RoundTrip)
            {
                best = (inPage - ((sent + back) / 2), back - sent);
            }
        }

        return best;
    }

    /// <summary>This process's monotonic clock in ms (Stopwatch: CLOCK_MONOTONIC, as chromium's performance.now()).</summary>
    public static double Now() => Stopwatch.GetTimestamp() * 1000.0 / Stopwatch.Frequency;

    public async ValueTask DisposeAsync()
    {
        await _browser.DisposeAsync();
        _playwright.Dispose();
    }
}
