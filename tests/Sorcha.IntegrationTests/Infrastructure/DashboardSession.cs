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
        await Page.GotoAsync(new Uri(_platform.DashboardUrl,
            $"metrics/resource/blueprint?meter={meter}&instrument={instrument}&duration=5&view=Table").ToString());
        await Page.WaitForLoadStateAsync(LoadState.NetworkIdle);
        // As a developer would, should the address not have selected it: the instrument in the tree, then the table.
        var item = Page.Locator($"fluent-tree-item[title='{instrument}']").First;
        if (await item.IsVisibleAsync() && await item.GetAttributeAsync("selected") is null)
        {
            await item.ClickAsync();
        }

        // The Graph / Table switch, only when the page shows the graph (it does when it opened before the instrument
        // had arrived): switching while the table loads can end the page's circuit ("An unhandled error has occurred").
        var table = Page.Locator("main").GetByText("Table", new() { Exact = true });
        if (await Page.Locator("#metric-table-container").CountAsync() == 0 && await table.CountAsync() > 0 && await table.First.IsVisibleAsync())
        {
            await table.First.ClickAsync();
        }
    }

    /// <summary>What the page shows now (a screenshot and its accessibility tree) under <paramref name="name"/>, for a failure's report.</summary>
    public async Task<string> DumpAsync(string dir, string name)
    {
        await Page.ScreenshotAsync(new() { Path = Path.Combine(dir, name + ".png") });
        var text = await Page.Locator("main").Last.InnerTextAsync();
        await File.WriteAllTextAsync(Path.Combine(dir, name + ".txt"), text);
        return text;
    }

    public async ValueTask DisposeAsync()
    {
        await _browser.DisposeAsync();
        _playwright.Dispose();
    }
}
