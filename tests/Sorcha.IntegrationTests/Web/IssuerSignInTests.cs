using Microsoft.Playwright;
using Sorcha.IntegrationTests.Production;

namespace Sorcha.IntegrationTests.Web;

/// <summary>
/// Production's sign-in in a browser: the web app sends the person to the configured issuer (authorization code with
/// PKCE), comes back signed in with only its HttpOnly cookie, renews the token before it expires (the issuer's
/// tokens live 65 s here) and signs out at the issuer too.
/// </summary>
[Collection(ProductionScope.Name)]
public sealed class IssuerSignInTests(ProductionPlatformFixture platform, Browser browser) : IClassFixture<Browser>
{
    [SkippableFact]
    public async Task A_person_signs_in_at_the_issuer_with_PKCE_keeps_working_past_a_refresh_and_signs_out()
    {
        var context = await browser.Chromium.NewContextAsync(new() { BaseURL = platform.Gateway.BaseAddress!.ToString() });
        var page = await context.NewPageAsync();
        var person = new Person("oidc-person", context, page);
        await page.GotoAsync("/");
        // The issuer's own page: the request carried a PKCE challenge (the issuer refuses one without).
        Assert.Contains("code_challenge_method=S256", page.Url, StringComparison.Ordinal);
        await page.GetByLabel("Username").FillAsync("oidc-person");
        await page.GetByRole(AriaRole.Button, new() { Name = "Continue" }).ClickAsync();
        await person.ReadyAsync();
        await Assertions.Expect(page.GetByRole(AriaRole.Heading, new() { Name = "Inbox" })).ToBeVisibleAsync();
        await Assertions.Expect(page.GetByText("oidc-person")).ToBeVisibleAsync();
        var cookies = await context.CookiesAsync();
        var session = Assert.Single(cookies, c => c.Name == ".Sorcha.Session");
        Assert.True(session.HttpOnly && session.Secure, "outside Development the session cookie is HttpOnly and Secure");
        Assert.DoesNotContain("eyJ", string.Concat(cookies.Select(c => c.Value)) + await page.ContentAsync(), StringComparison.Ordinal);

        // Within a minute of expiry every call renews first: the next page's API calls go out with a fresh token.
        var before = platform.Issuer.Refreshes;
        await Task.Delay(TimeSpan.FromSeconds(6));
        await person.GoAsync("/wallets");
        await Assertions.Expect(page.GetByRole(AriaRole.Heading, new() { Name = "Wallets", Exact = true })).ToBeVisibleAsync();
        await Assertions.Expect(page.GetByRole(AriaRole.Alert)).ToHaveCountAsync(0);
        Assert.True(platform.Issuer.Refreshes > before, "the web app did not renew the token");

        await page.GetByRole(AriaRole.Button, new() { Name = "Sign out" }).ClickAsync();
        await page.WaitForURLAsync(url => !url.Contains("/wallets", StringComparison.Ordinal));
        await page.GotoAsync("/");
        Assert.Contains("/authorize", page.Url, StringComparison.Ordinal); // signed out: back to the issuer
        await context.DisposeAsync();
    }
}
