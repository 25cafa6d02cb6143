using System.Diagnostics;
using Microsoft.Playwright;
using Sorcha.IntegrationTests.Infrastructure;
using Xunit.Abstractions;

namespace Sorcha.IntegrationTests.Web;

/// <summary>
/// README's expense workflow by three people in three browsers, as they would click it: the employee starts it and
/// submits a claim with a receipt; the manager, whose inbox is open, sees the step arrive without a reload, sends it
/// back with a reason; the employee sees it return, submits again; the manager approves (the approved amount becomes
/// required once "approved" is chosen); finance pays (a payment reference makes its date required). Every step's
/// signature is verified by the page, and the receipt downloads decrypted, byte for byte.
/// </summary>
[Collection(PlatformScope.Name)]
public sealed class ExpenseWorkflowInBrowserTests(PlatformFixture platform, Browser browser, ITestOutputHelper output) : IClassFixture<Browser>
{
    private static readonly TimeSpan Live = TimeSpan.FromSeconds(15);

    [SkippableFact]
    public async Task Three_people_take_the_expense_claim_from_start_to_payment_in_their_browsers()
    {
        var (employee, manager, finance) = (People.Name("employee"), People.Name("manager"), People.Name("finance"));
        var wallets = await Task.WhenAll(People.WalletAsync(platform, employee), People.WalletAsync(platform, manager), People.WalletAsync(platform, finance));
        var blueprint = await People.PublishedAsync(platform, employee, "expense-approval");

        await using var emp = await browser.SignInAsync(platform.Gateway.BaseAddress!, employee);
        await using var mgr = await browser.SignInAsync(platform.Gateway.BaseAddress!, manager);
        await using var fin = await browser.SignInAsync(platform.Gateway.BaseAddress!, finance);

        // The employee starts it: their own wallet offered, the others pasted.
        await emp.GoAsync("/instances");
        await emp.Page.GetByRole(AriaRole.Button, new() { Name = "Start an instance" }).ClickAsync();
        await emp.Page.GetByLabel("Blueprint").SelectOptionAsync(new SelectOptionValue { Value = blueprint.Id });
        await emp.Page.GetByLabel("New register's name").FillAsync("expenses");
        await emp.Page.GetByLabel("Wallet for Employee").FillAsync(wallets[0].Address);
        await emp.Page.GetByLabel("Wallet for Line manager").FillAsync(wallets[1].Address);
        await emp.Page.GetByLabel("Wallet for Finance team").FillAsync(wallets[2].Address);
        await emp.Page.GetByRole(AriaRole.Button, new() { Name = "Start", Exact = true }).ClickAsync();
        await Assertions.Expect(emp.Page.GetByRole(AriaRole.Heading, new() { Name = "Your step: Submit expense claim" })).ToBeVisibleAsync();
        var instancePath = new Uri(emp.Page.Url).AbsolutePath;

        // The same employee's inbox open in another browser: the step is there, and goes once it is taken here.
        await using var elsewhere = await browser.SignInAsync(platform.Gateway.BaseAddress!, employee);
        var ownRow = elsewhere.Page.GetByRole(AriaRole.Link, new() { Name = "Submit expense claim" });
        await Assertions.Expect(ownRow).ToBeVisibleAsync(new() { Timeout = (float)Live.TotalMilliseconds });

        await FillClaimAsync(emp.Page);
        await emp.Page.GetByLabel("Attach files").SetInputFilesAsync(new FilePayload { Name = "receipt.txt", MimeType = "text/plain", Buffer = Receipt });
        var submitted = Stopwatch.StartNew();
        await emp.Page.GetByRole(AriaRole.Button, new() { Name = "Submit" }).ClickAsync();
        await Assertions.Expect(emp.Page.GetByRole(AriaRole.Status)).ToContainTextAsync("Next: “Approve or reject the claim” by Line manager");

        // The manager's open inbox: the step arrives by itself.
        var row = mgr.Page.GetByRole(AriaRole.Link, new() { Name = "Approve or reject the claim" });
        await Assertions.Expect(row).ToBeVisibleAsync(new() { Timeout = (float)Live.TotalMilliseconds });
        output.WriteLine($"the manager's inbox showed the step {submitted.ElapsedMilliseconds} ms after Submit was clicked");
        await Assertions.Expect(ownRow).ToHaveCountAsync(0, new() { Timeout = (float)Live.TotalMilliseconds });
        await mgr.ScreenshotAsync("inbox");
        await mgr.AssertAccessibleAsync("the inbox with a step");
        await row.ClickAsync();
        await mgr.ReadyAsync();
        await mgr.Page.GetByText("Reject this step").ClickAsync();
        await mgr.Page.GetByLabel("Reason for rejecting").FillAsync("Please attach the receipt for the hotel too.");
        await mgr.Page.GetByRole(AriaRole.Button, new() { Name = "Reject", Exact = true }).ClickAsync();
        await Assertions.Expect(mgr.Page.GetByRole(AriaRole.Status)).ToContainTextAsync("Next: “Submit expense claim” by Employee");

        // Back with the employee, who reads the reason and submits again.
        await emp.GoAsync("/");
        await emp.Page.GetByRole(AriaRole.Link, new() { Name = "Submit expense claim" }).ClickAsync();
        await emp.ReadyAsync();
        await Assertions.Expect(emp.Page.GetByText("Reason: Please attach the receipt for the hotel too.")).ToBeVisibleAsync();
        await FillClaimAsync(emp.Page);
        await emp.Page.GetByRole(AriaRole.Button, new() { Name = "Submit" }).ClickAsync();
        await Assertions.Expect(emp.Page.GetByRole(AriaRole.Status)).ToContainTextAsync("Line manager");

        // The manager approves: "approved" makes the approved amount required.
        await mgr.GoAsync(instancePath);
        await mgr.Page.GetByLabel("approved", new() { Exact = true }).CheckAsync();
        await Assertions.Expect(mgr.Page.GetByLabel("Approved amount")).ToHaveAttributeAsync("aria-required", "true");
        await mgr.Page.GetByRole(AriaRole.Button, new() { Name = "Submit" }).ClickAsync();
        await Assertions.Expect(mgr.Page.GetByRole(AriaRole.Alert).First).ToBeVisibleAsync(); // the amount is missing: said, not sent
        await mgr.Page.GetByLabel("Approved amount").FillAsync("1500");
        await mgr.Page.GetByLabel("Approved amount").PressAsync("Tab"); // the field's message follows its change, on leaving it
        await mgr.ScreenshotAsync("step-form");
        await mgr.AssertAccessibleAsync("the step form");
        await mgr.Page.GetByRole(AriaRole.Button, new() { Name = "Submit" }).ClickAsync();
        await Assertions.Expect(mgr.Page.GetByRole(AriaRole.Status)).ToContainTextAsync("Finance team");

        // Finance pays: a reference makes its date required (dependentRequired).
        await fin.GoAsync(instancePath);
        await fin.Page.GetByLabel("Paid").CheckAsync();
        await fin.Page.GetByLabel("Payment reference").FillAsync("PAY-123456");
        await fin.Page.GetByLabel("Payment reference").PressAsync("Tab");
        await Assertions.Expect(fin.Page.GetByLabel("Payment date")).ToHaveAttributeAsync("aria-required", "true");
        await fin.Page.GetByLabel("Payment date").FillAsync("2025-03-20");
        await fin.Page.GetByRole(AriaRole.Button, new() { Name = "Submit" }).ClickAsync();
        await Assertions.Expect(fin.Page.GetByRole(AriaRole.Status)).ToContainTextAsync("The instance has ended.");

        // The employee's view of the finished instance: every signature verified by the page, the receipt opens.
        await emp.GoAsync(instancePath);
        await Assertions.Expect(emp.Page.GetByText("completed").First).ToBeVisibleAsync();
        await Assertions.Expect(emp.Page.GetByText("Signature verified")).ToHaveCountAsync(5);
        Assert.Equal(0, await emp.Page.GetByText("Signature NOT verified").CountAsync());
        var download = await emp.DownloadAsync(emp.Page.GetByRole(AriaRole.Link, new() { Name = "Download receipt.txt" }).First);
        Assert.Equal(Receipt, await File.ReadAllBytesAsync(await download.PathAsync()));
        await emp.ScreenshotAsync("instance");
        await emp.AssertAccessibleAsync("a completed instance");
    }

    private static readonly byte[] Receipt = "Hotel Kaiserhof, 2 nights, 310.00 GBP"u8.ToArray();

    private static async Task FillClaimAsync(IPage page)
    {
        await page.GetByLabel("Employee name").FillAsync("Ada Lovelace");
        await page.GetByLabel("Employee email").FillAsync("ada@example.com");
        await page.GetByLabel("Expense date").FillAsync("2025-03-14");
        await page.GetByLabel("Category").SelectOptionAsync("travel");
        await page.GetByLabel("Amount").FillAsync("1500");
        await page.GetByLabel("Currency").FillAsync("GBP");
        await page.GetByLabel("Description").FillAsync("Flights to the partner summit");
    }
}
