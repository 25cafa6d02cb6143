using Microsoft.Playwright;
using Sorcha.Performance.Tests.Browser;

namespace Sorcha.IntegrationTests.Infrastructure;

/// <summary>Debian's chromium (Playwright) logged in to the operator platform's Aspire dashboard.</summary>
public sealed class DashboardSession : IAsyncDisposable
{
    private readonly OperatorPlatformFixture _platform;
    private readonly IPlaywright _playwright;
    private readonly IBrowser _browser;

    private DashboardSession(OperatorPlatformFixture platform, IPlaywright playwright, IBrowser browser, IPage page) =>
        (_platform, _playwright, _browser, Page) = (platform, playwright, browser, page);

    public IPage Page { get; }

    public static async Task<DashboardSession> OpenAsync(OperatorPlatformFixture platform)
    {
        var chromium = HeadlessChromium.Require();
        var playwright = await Playwright.CreateAsync();
        var browser = await playwright.Chromium.LaunchAsync(new() { ExecutablePath = chromium.Executable, Headless = true });
        var page = await browser.NewPageAsync(new() { ViewportSize = new() { Width = 1400, Height = 900 } });
        await page.GotoAsync(new Uri(platform.DashboardUrl, $"login?t={platform.BrowserToken}").ToString());
        return new DashboardSession(platform, playwright, browser, page);
    }

    /// <summary>The Blueprint service's <paramref name="instrument"/> of <paramref name="meter"/>, as a table over the last 5 minutes.</summary>
    public async Task OpenAsync(string meter, string instrument)
    {
        await Page.GotoAsync(new Uri(_platform.DashboardUrl, $"metrics/resource/blueprint/meter/{meter}/instrument/{instrument}?duration=5&view=Table").ToString());
        await Page.WaitForLoadStateAsync(LoadState.NetworkIdle);
    }

    public async ValueTask DisposeAsync()
    {
        await _browser.DisposeAsync();
        _playwright.Dispose();
    }
}
