using System.Net;
using Microsoft.Playwright;
using Sorcha.IntegrationTests.Infrastructure;

namespace Sorcha.IntegrationTests.Web;

/// <summary>
/// Development's sign-in as a person uses it (Name, Sign in), and what the browser then holds: one HttpOnly session
/// cookie and no token anywhere a script could read it; the security headers; antiforgery on both posts; sign-out.
/// </summary>
[Collection(PlatformScope.Name)]
public sealed class SignInTests(PlatformFixture platform, Browser browser) : IClassFixture<Browser>
{
    private readonly Browser _browser = browser;

    [SkippableFact]
    public async Task A_person_signs_in_by_name_and_the_browser_holds_one_HttpOnly_cookie_and_no_token()
    {
        await using var ada = await _browser.SignInAsync(platform.Gateway.BaseAddress!, $"web-ada-{Guid.NewGuid():N}"[..20]);
        var cookies = await ada.Context.CookiesAsync();
        var session = Assert.Single(cookies, c => c.Name == ".Sorcha.Session");
        Assert.True(session.HttpOnly);
        Assert.Equal(SameSiteAttribute.Lax, session.SameSite);
        Assert.All(cookies, c => Assert.True(c.HttpOnly, $"{c.Name} is readable by scripts"));

        // A JWT starts "eyJ": none in any cookie, the page, or the storage a script reads.
        var html = await ada.Page.ContentAsync();
        var storage = await ada.Page.EvaluateAsync<string>("() => JSON.stringify(localStorage) + JSON.stringify(sessionStorage) + document.cookie");
        Assert.DoesNotContain("eyJ", string.Concat(cookies.Select(c => c.Value)) + html + storage, StringComparison.Ordinal);
        await ada.AssertAccessibleAsync("the empty inbox");
        await ada.ScreenshotAsync("inbox-empty");

        await ada.Page.GetByRole(AriaRole.Button, new() { Name = "Sign out" }).ClickAsync();
        await Assertions.Expect(ada.Page.GetByRole(AriaRole.Heading, new() { Name = "Sign in" })).ToBeVisibleAsync();
        await ada.Page.GotoAsync("/");
        await Assertions.Expect(ada.Page).ToHaveURLAsync(new System.Text.RegularExpressions.Regex("/signin"));
    }

    [SkippableFact]
    public async Task The_pages_fit_a_360_pixel_wide_phone()
    {
        await using var phone = await _browser.SignInAsync(platform.Gateway.BaseAddress!, People.Name("phone"), width: 360);
        foreach (var path in new[] { "/", "/instances", "/wallets", "/registers", "/blueprints", "/templates" })
        {
            await phone.GoAsync(path);
            var width = await phone.Page.EvaluateAsync<int>("() => document.documentElement.scrollWidth");
            Assert.True(width <= 360, $"{path} is {width} px wide at 360");
        }
    }

    [SkippableFact]
    public async Task The_sign_in_page_is_accessible_and_refuses_a_name_the_gateway_would_refuse()
    {
        var context = await _browser.Chromium.NewContextAsync(new() { BaseURL = platform.Gateway.BaseAddress!.ToString() });
        var page = await context.NewPageAsync();
        await page.GotoAsync("/signin");
        await new Person("anonymous", context, page).AssertAccessibleAsync("the sign-in page");
        await page.ScreenshotAsync(new() { Path = Path.Combine(Browser.Screenshots, "signin.png") });
        await page.GetByLabel("Name").FillAsync("<script>alert(1)</script>");
        await page.GetByRole(AriaRole.Button, new() { Name = "Sign in" }).ClickAsync();
        await Assertions.Expect(page.GetByText("Use 1-128 letters, digits and . _ - @ : only.")).ToBeVisibleAsync();
        Assert.DoesNotContain(await context.CookiesAsync(), c => c.Name == ".Sorcha.Session");
        await context.DisposeAsync();
    }

    [Fact]
    public async Task Every_page_carries_the_security_headers_and_posts_without_antiforgery_are_refused()
    {
        using var http = new HttpClient(new SocketsHttpHandler { AllowAutoRedirect = false }) { BaseAddress = platform.Gateway.BaseAddress };
        using var signin = await http.GetAsync("/signin");
        Assert.Equal(HttpStatusCode.OK, signin.StatusCode);
        var csp = string.Join(";", signin.Headers.GetValues("Content-Security-Policy"));
        Assert.Contains("default-src 'self'", csp, StringComparison.Ordinal);
        Assert.Contains("script-src 'self'", csp, StringComparison.Ordinal);
        Assert.DoesNotContain("unsafe-eval", csp, StringComparison.Ordinal);
        Assert.Equal("nosniff", signin.Headers.GetValues("X-Content-Type-Options").Single());
        Assert.Equal("DENY", signin.Headers.GetValues("X-Frame-Options").Single());

        using var inbox = await http.GetAsync("/");
        Assert.Equal(HttpStatusCode.Redirect, inbox.StatusCode);
        Assert.StartsWith("/signin", inbox.Headers.Location!.PathAndQuery, StringComparison.Ordinal);

        foreach (var path in new[] { "/signin", "/signout" })
        {
            using var post = await http.PostAsync(path, new FormUrlEncodedContent(new Dictionary<string, string>
            {
                ["_handler"] = "signin", ["Input.Name"] = "mallory",
            }));
            Assert.True(post.StatusCode == HttpStatusCode.BadRequest, $"POST {path} without antiforgery answered {post.StatusCode}");
            Assert.False(post.Headers.TryGetValues("Set-Cookie", out var set) && set.Any(c => c.StartsWith(".Sorcha.Session=", StringComparison.Ordinal)));
        }

        // An unknown page is the app's not-found page, an unknown API path the API's answer (401 without a token).
        using var page = await http.GetAsync("/no-such-page");
        Assert.Equal(HttpStatusCode.NotFound, page.StatusCode);
        Assert.Contains("Not found", await page.Content.ReadAsStringAsync(), StringComparison.Ordinal);
        using var api = await http.GetAsync("/api/no-such-route");
        Assert.Equal(HttpStatusCode.Unauthorized, api.StatusCode);
    }
}
