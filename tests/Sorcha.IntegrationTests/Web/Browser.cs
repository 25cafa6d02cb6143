using Deque.AxeCore.Playwright;
using Microsoft.Playwright;
using Sorcha.Performance.Tests.Browser;

namespace Sorcha.IntegrationTests.Web;

/// <summary>
/// Debian's chromium through Playwright, once per test class: each person a browser context of their own (cookies,
/// storage), as two people on two machines. Headless, without the background networking this machine refuses.
/// </summary>
public sealed class Browser : IAsyncLifetime
{
    private IPlaywright? _playwright;

    public IBrowser Chromium { get; private set; } = null!;

    /// <summary>Where the tests' screenshots go (docs/web.md's pictures are copies of these).</summary>
    public static readonly string Screenshots = Directory.CreateDirectory(Path.Combine(AppContext.BaseDirectory, "web-screenshots")).FullName;

    /// <summary>
    /// How long an action, an assertion or a download waits, in ms. Playwright's assertions wait 5 s by default: on a busy
    /// two-core machine a signed, committed step can take longer to show, so assertions wait as long as actions.
    /// </summary>
    public const int Patience = 30_000;

    public async Task InitializeAsync()
    {
        var chromium = HeadlessChromium.Require();
        Assertions.SetDefaultExpectTimeout(Patience);
        _playwright = await Playwright.CreateAsync();
        Chromium = await _playwright.Chromium.LaunchAsync(new()
        {
            ExecutablePath = chromium.Executable,
            Headless = true,
            Args = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
        });
    }

    /// <summary>A new person in a new context, signed in by name on the development sign-in page, at their inbox.</summary>
    public async Task<Person> SignInAsync(Uri gateway, string name, int width = 1280)
    {
        var context = await Chromium.NewContextAsync(new() { BaseURL = gateway.ToString(), ViewportSize = new() { Width = width, Height = 900 } });
        context.SetDefaultTimeout(Patience);
        var page = await context.NewPageAsync();
        await page.GotoAsync("/signin");
        await page.GetByLabel("Name").FillAsync(name);
        await page.GetByRole(AriaRole.Button, new() { Name = "Sign in" }).ClickAsync();
        var person = new Person(name, context, page);
        await person.ReadyAsync();
        await Assertions.Expect(page.GetByRole(AriaRole.Heading, new() { Name = "Inbox" })).ToBeVisibleAsync();
        return person;
    }

    public async Task DisposeAsync()
    {
        if (Chromium is not null)
        {
            await Chromium.DisposeAsync();
        }

        _playwright?.Dispose();
    }
}

/// <summary>One signed-in person: their name (the development caller id) and their browser context.</summary>
public sealed record Person(string Name, IBrowserContext Context, IPage Page) : IAsyncDisposable
{
    /// <summary>Opens <paramref name="path"/> and waits until the page handles clicks (the circuit runs its layout).</summary>
    public async Task GoAsync(string path)
    {
        await Page.GotoAsync(path);
        await ReadyAsync();
    }

    public Task ReadyAsync() => Assertions.Expect(Page.Locator("[data-interactive=true]")).ToHaveCountAsync(1);

    /// <summary>axe-core on the page as it is now: no serious or critical violation.</summary>
    public async Task AssertAccessibleAsync(string what)
    {
        var result = await Page.RunAxe();
        var bad = result.Violations.Where(v => v.Impact is "serious" or "critical")
            .Select(v => $"{v.Impact} {v.Id}: {v.Help} ({string.Join("; ", v.Nodes.Take(3).Select(n => n.Html))})").ToList();
        Assert.True(bad.Count == 0, $"{what}: {string.Join("\n", bad)}");
    }

    /// <summary>
    /// Clicks <paramref name="link"/> and waits for its download; when none starts, fails with what the link's address
    /// answers this person (status and time), so that a slow server and a lost click read differently.
    /// </summary>
    public async Task<IDownload> DownloadAsync(ILocator link)
    {
        try
        {
            return await Page.RunAndWaitForDownloadAsync(() => link.ClickAsync());
        }
        catch (TimeoutException)
        {
            var href = await link.GetAttributeAsync("href");
            var clock = System.Diagnostics.Stopwatch.StartNew();
            var answer = await Context.APIRequest.GetAsync(href!);
            throw new Xunit.Sdk.XunitException($"no download within {Browser.Patience / 1000} s of clicking {href}; fetched now it answers {answer.Status} in {clock.ElapsedMilliseconds} ms");
        }
    }

    public Task ScreenshotAsync(string name) =>
        Page.ScreenshotAsync(new() { Path = Path.Combine(Browser.Screenshots, name + ".png") }); // the viewport: a full-page capture draws the fixed app bar mid-page

    public async ValueTask DisposeAsync() => await Context.DisposeAsync();
}
