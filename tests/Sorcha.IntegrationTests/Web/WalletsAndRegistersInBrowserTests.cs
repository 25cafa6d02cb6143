using System.Net.Http.Json;
using Microsoft.Playwright;
using Sorcha.Client;
using Sorcha.IntegrationTests.Infrastructure;

namespace Sorcha.IntegrationTests.Web;

/// <summary>
/// What a holder does on /wallets and a register's reader on /registers/{id}, clicked as a person would: a wallet
/// created with its words shown once (and only closed once the person says they kept them), an address derived, a
/// grant to another person who then sees the wallet as delegated; a register's transactions arriving live, Verify,
/// an inclusion proof checked in the page, the export downloaded; then archived and deleted by its owner, which its
/// instance's page says plainly. Every one of these pages passes axe.
/// </summary>
[Collection(PlatformScope.Name)]
public sealed class WalletsAndRegistersInBrowserTests(PlatformFixture platform, Browser browser) : IClassFixture<Browser>
{
    [SkippableFact]
    public async Task A_holder_creates_a_wallet_keeps_its_words_derives_an_address_and_grants_it_to_another_person()
    {
        var (holderName, delegateName) = (People.Name("holder"), People.Name("delegate"));
        await using var holder = await browser.SignInAsync(platform.Gateway.BaseAddress!, holderName);
        await holder.GoAsync("/wallets");
        await holder.AssertAccessibleAsync("the wallets page");
        await holder.Page.GetByRole(AriaRole.Button, new() { Name = "Create wallet" }).ClickAsync();
        await holder.Page.GetByLabel("Name", new() { Exact = true }).FillAsync("<b>travel</b> wallet");
        await holder.Page.GetByLabel("12 words").CheckAsync();
        await holder.Page.GetByRole(AriaRole.Button, new() { Name = "Create", Exact = true }).ClickAsync();

        var dialog = holder.Page.GetByRole(AriaRole.Dialog, new() { Name = "Your recovery words" });
        await Assertions.Expect(dialog.GetByRole(AriaRole.List, new() { Name = "Recovery words" }).GetByRole(AriaRole.Listitem)).ToHaveCountAsync(12);
        var close = dialog.GetByRole(AriaRole.Button, new() { Name = "Close" });
        await Assertions.Expect(close).ToBeDisabledAsync();
        await dialog.GetByLabel("I have written down these words").CheckAsync();
        await close.ClickAsync();
        await Assertions.Expect(dialog).ToHaveCountAsync(0);
        Assert.DoesNotContain("<b>", await holder.Page.Locator("main b").AllInnerTextsAsync());
        await holder.ScreenshotAsync("wallets");

        await holder.Page.GetByRole(AriaRole.Link, new() { Name = "<b>travel</b> wallet" }).ClickAsync();
        await holder.ReadyAsync();
        await holder.Page.GetByRole(AriaRole.Button, new() { Name = "Derive next address" }).ClickAsync();
        await Assertions.Expect(holder.Page.GetByRole(AriaRole.Table, new() { Name = "Derived addresses" }).GetByRole(AriaRole.Row)).ToHaveCountAsync(2);
        await holder.Page.GetByLabel("Subject").FillAsync(delegateName);
        await holder.Page.GetByLabel("Sign (and read)").CheckAsync();
        await holder.Page.GetByRole(AriaRole.Button, new() { Name = "Grant", Exact = true }).ClickAsync();
        await Assertions.Expect(holder.Page.GetByRole(AriaRole.Table, new() { Name = "Access grants" })).ToContainTextAsync(delegateName);
        await holder.AssertAccessibleAsync("a wallet's page");
        await holder.ScreenshotAsync("wallet");

        await using var other = await browser.SignInAsync(platform.Gateway.BaseAddress!, delegateName);
        await other.GoAsync("/wallets");
        await Assertions.Expect(other.Page.GetByRole(AriaRole.Table, new() { Name = "Wallets delegated to you" })).ToContainTextAsync("<b>travel</b> wallet");
    }

    [SkippableFact]
    public async Task A_register_page_shows_appends_live_verifies_proves_a_transaction_and_downloads_the_export()
    {
        var name = People.Name("reader");
        using var api = await platform.ClientAsync(name);
        var (instance, wallet) = await InstanceFlows.SoloExpenseInstanceAsync(api);
        var register = (await api.GetFromJsonAsync<Sorcha.Contracts.Instances.InstanceDto>($"/api/instances/{instance}", SorchaJsonContext.Default.Options))!.RegisterId;
        (await api.PostAsJsonAsync($"/api/instances/{instance}/actions/submit", new { sender = wallet, data = InstanceFlows.Claim })).EnsureSuccessStatusCode();

        await using var reader = await browser.SignInAsync(platform.Gateway.BaseAddress!, name);
        await reader.GoAsync($"/registers/{register}");
        var transactions = reader.Page.GetByRole(AriaRole.Table, new() { Name = "Transactions" });
        await Assertions.Expect(transactions.GetByRole(AriaRole.Row)).ToHaveCountAsync(2);

        // The next step commits elsewhere: its row arrives without a reload.
        (await api.PostAsJsonAsync($"/api/instances/{instance}/actions/approve", new { sender = wallet, data = new { decision = "approved", approvedAmount = 1500 } }))
            .EnsureSuccessStatusCode();
        await Assertions.Expect(transactions.GetByRole(AriaRole.Row)).ToHaveCountAsync(3, new() { Timeout = 15_000 });

        await reader.Page.GetByRole(AriaRole.Button, new() { Name = "Verify register" }).ClickAsync();
        var checks = reader.Page.GetByRole(AriaRole.Region, new() { Name = "Verify and export" });
        await Assertions.Expect(checks.GetByRole(AriaRole.Status)).ToContainTextAsync("Valid");

        // A docket seals within a second of its first transaction; until then the page says so and offers to retry.
        await reader.Page.GetByRole(AriaRole.Button, new() { Name = "Inclusion proof for sequence 0" }).ClickAsync();
        var proof = reader.Page.GetByRole(AriaRole.Region, new() { Name = "Inclusion proof of sequence 0" });
        var retry = proof.GetByRole(AriaRole.Button, new() { Name = "Try again" });
        for (var i = 0; i < 10 && await retry.CountAsync() > 0; i++)
        {
            await Task.Delay(500);
            await retry.ClickAsync();
        }

        await Assertions.Expect(proof.GetByRole(AriaRole.Status)).ToContainTextAsync("Verified in this page");
        await reader.AssertAccessibleAsync("a register's page");
        await reader.ScreenshotAsync("register");

        var download = await reader.DownloadAsync(reader.Page.GetByRole(AriaRole.Link, new() { Name = "Download export" }));
        var lines = await File.ReadAllLinesAsync(await download.PathAsync());
        Assert.True(lines.Length >= 3, $"the export has {lines.Length} lines");
        Assert.Equal($"register-{register}.ndjson", download.SuggestedFilename);

        // Its owner archives it (typing its name), the instance says so, then the owner deletes it: its tombstone stays.
        var registerName = (await reader.Page.Locator("h1").InnerTextAsync()).Trim();
        await reader.Page.GetByLabel($"Type the register's name, “{registerName}”, to archive it").FillAsync(registerName);
        await reader.Page.GetByRole(AriaRole.Button, new() { Name = "Archive register" }).ClickAsync();
        await Assertions.Expect(reader.Page.GetByText("it takes no more transactions")).ToBeVisibleAsync();
        await reader.GoAsync($"/instances/{instance}");
        await Assertions.Expect(reader.Page.GetByText("Its register is archived")).ToBeVisibleAsync();
        await reader.GoAsync($"/registers/{register}");
        await reader.Page.GetByLabel($"Type the register's name, “{registerName}”, to delete it for good").FillAsync(registerName);
        await reader.Page.GetByRole(AriaRole.Button, new() { Name = "Delete register" }).ClickAsync();
        await Assertions.Expect(reader.Page.GetByText("This register was deleted on")).ToBeVisibleAsync();
        await reader.GoAsync($"/instances/{instance}");
        await Assertions.Expect(reader.Page.GetByText("Its register was deleted")).ToBeVisibleAsync();

        await reader.GoAsync("/registers");
        await reader.AssertAccessibleAsync("the registers page");
        await reader.GoAsync("/instances");
        await Assertions.Expect(reader.Page.GetByRole(AriaRole.Table, new() { Name = "Instances" })).ToBeVisibleAsync();
        await reader.AssertAccessibleAsync("the instances page");
        await reader.ScreenshotAsync("instances");
    }
}
