using System.Diagnostics;
using System.Text.Json;
using System.Text.Json.Nodes;
using System.Text.RegularExpressions;
using Microsoft.Playwright;
using Sorcha.Client;
using Sorcha.IntegrationTests.Infrastructure;
using Xunit.Abstractions;

namespace Sorcha.IntegrationTests.Web;

/// <summary>
/// An author's whole path in chromium, on the shared platform: from the loan-application template (instantiated with
/// its parameters form, previewed), publish version 1; in the designer change a schema field and a route's condition,
/// see a problem appear, go to its field, fix it and see it go; publish version 2; compare versions 1 and 2; and a
/// participant's form on version 2 has the new field while one on version 1 has not. A hostile participant name
/// typed into the designer stays text.
/// </summary>
[Collection(PlatformScope.Name)]
public sealed partial class DesignerInBrowserTests(PlatformFixture platform, Browser browser, ITestOutputHelper output) : IClassFixture<Browser>
{
    private const string Hostile = "<img src=x onerror=\"window.__pwned=1\">";

    [SkippableFact]
    public async Task An_author_takes_the_loan_template_to_a_second_version_and_the_participants_form_follows()
    {
        var clock = Stopwatch.StartNew();
        var name = People.Name("author");
        var api = People.Api(platform, name);
        var template = await api.Templates.CreateAsync(Samples.Template("loan-application").Deserialize(SorchaJsonContext.Default.CreateTemplateRequest)!);
        var wallet = (await People.WalletAsync(platform, name)).Address;
        var register = await api.Registers.CreateAsync("loans");
        await using var author = await browser.SignInAsync(platform.Gateway.BaseAddress!, name);
        var page = author.Page;

        // The template: its parameters as a form, the blueprint it gives previewed before it is saved.
        await author.GoAsync("/templates");
        await page.GetByRole(AriaRole.Link, new() { Name = template.Title }).ClickAsync();
        await Assertions.Expect(page.GetByRole(AriaRole.Heading, new() { Name = "Parameters" })).ToBeVisibleAsync();
        await page.GetByRole(AriaRole.Textbox, new() { Name = "Title", Exact = true }).FillAsync("Loans by the designer");
        await page.GetByLabel("Lender").FillAsync("Designer bank");
        await page.GetByLabel("Max loan amount").FillAsync("500000");
        await page.GetByLabel("Manual review threshold").FillAsync("100000");
        await page.GetByLabel("Max debt to income").FillAsync("0.5");
        await PreviewAsync(page);
        await author.ScreenshotAsync("template-preview");
        await author.AssertAccessibleAsync("a template's preview");
        await page.GetByRole(AriaRole.Button, new() { Name = "Save as blueprint" }).ClickAsync();
        await Assertions.Expect(page.GetByRole(AriaRole.Heading, new() { Name = "Loans by the designer", Exact = true })).ToBeVisibleAsync();
        var blueprintId = new Uri(page.Url).AbsolutePath.Split('/')[^1];
        await author.ReadyAsync();

        await page.GetByRole(AriaRole.Button, new() { Name = "Publish" }).ClickAsync();
        await Assertions.Expect(page.GetByText("latest published: version 1")).ToBeVisibleAsync();
        var onVersion1 = await StartAsync(api, blueprintId, register.Id, wallet);

        // A schema field: the first action gains "Referral code", and its form preview shows it.
        var schemaEditor = page.GetByLabel("Data schema (JSON Schema 2020-12)");
        var schema = JsonNode.Parse(await schemaEditor.InputValueAsync())!.AsObject();
        schema["properties"]!["referralCode"] = new JsonObject { ["type"] = "string", ["title"] = "Referral code", ["maxLength"] = 20 };
        await schemaEditor.FillAsync(schema.ToJsonString());
        await Assertions.Expect(page.GetByLabel("Referral code")).ToBeVisibleAsync();
        await page.GetByLabel("Participant 1 name").FillAsync(Hostile);

        // A route's condition: a bad one is a problem linked to its field; fixed, it goes.
        await page.GetByRole(AriaRole.Button, new() { Name = "2. Underwriting decision" }).ClickAsync();
        await Assertions.Expect(page.GetByRole(AriaRole.Group, new() { Name = "Action 2: Underwriting decision" })).ToBeVisibleAsync();
        var condition = page.GetByLabel("Route 1 condition (JSON Logic)");
        await condition.FillAsync("""{ "no-such-operator": [1] }""");
        var goTo = page.GetByRole(AriaRole.Button, new() { NameRegex = GoToCondition() });
        await Assertions.Expect(goTo).ToBeVisibleAsync();
        await page.GetByRole(AriaRole.Button, new() { Name = "1. Apply for a loan" }).ClickAsync();
        await Assertions.Expect(page.GetByRole(AriaRole.Group, new() { Name = "Action 1: Apply for a loan" })).ToBeVisibleAsync();
        await goTo.ClickAsync(); // opens the underwriting action again, at the condition
        await Assertions.Expect(condition).ToBeFocusedAsync();
        await condition.FillAsync("""{ "and": [{ "==": [{ "var": "decision" }, "approve"] }, { ">": [{ "var": "approvedAmount" }, 0] }] }""");
        await Assertions.Expect(page.GetByText("No problems: this blueprint can be published.")).ToBeVisibleAsync();
        Assert.Null(await page.EvaluateAsync<int?>("() => window.__pwned ?? null"));
        Assert.Equal(0, await page.Locator("img[src='x']").CountAsync());
        await page.EvaluateAsync("() => window.scrollTo(0, 0)"); // the picture: the problems and the graph
        await author.ScreenshotAsync("designer");
        await author.AssertAccessibleAsync("the designer");

        await page.GetByRole(AriaRole.Button, new() { Name = "Publish" }).ClickAsync();
        await Assertions.Expect(page.GetByText("latest published: version 2")).ToBeVisibleAsync();
        var onVersion2 = await StartAsync(api, blueprintId, register.Id, wallet);

        // The versions, each instance's among them, and the diff of 1 and 2, side by side.
        await author.GoAsync($"/blueprints/{blueprintId}");
        var versions = page.GetByRole(AriaRole.Table, new() { Name = "Published versions" });
        await Assertions.Expect(versions).ToContainTextAsync("1 (1 open)");
        await page.GetByRole(AriaRole.Button, new() { Name = "Compare", Exact = true }).ClickAsync();
        var diff = page.GetByRole(AriaRole.Table, new() { Name = "Changes from version 1 to version 2" });
        await Assertions.Expect(diff.GetByRole(AriaRole.Rowheader, new() { Name = "Action apply: dataSchema/properties/referralCode added" })).ToBeVisibleAsync();
        await Assertions.Expect(diff.GetByRole(AriaRole.Rowheader, new() { Name = "Action underwrite: routes changed" })).ToBeVisibleAsync();
        await Assertions.Expect(diff.GetByRole(AriaRole.Rowheader, new() { Name = "Participant applicant: name changed" })).ToBeVisibleAsync();
        await diff.ScrollIntoViewIfNeededAsync();
        await author.ScreenshotAsync("blueprint-diff");
        await author.AssertAccessibleAsync("a diff of two versions");
        Assert.Equal(0, await page.Locator("img[src='x']").CountAsync());

        // Version 1 opens read-only.
        await page.GetByRole(AriaRole.Link, new() { Name = "Version 1", Exact = true }).ClickAsync();
        await Assertions.Expect(page.GetByRole(AriaRole.Heading, new() { Name = "Loans by the designer (version 1, read-only)" })).ToBeVisibleAsync();
        await Assertions.Expect(page.GetByLabel("Blueprint title")).Not.ToBeEditableAsync();

        // The participant's form: the new field on version 2, not on version 1.
        await author.GoAsync($"/instances/{onVersion2}");
        await Assertions.Expect(page.GetByLabel("Referral code")).ToBeVisibleAsync();
        await author.GoAsync($"/instances/{onVersion1}");
        await Assertions.Expect(page.GetByLabel("Loan amount")).ToBeVisibleAsync();
        Assert.Equal(0, await page.GetByLabel("Referral code").CountAsync());
        output.WriteLine($"the author's path took {clock.ElapsedMilliseconds} ms");
    }

    /// <summary>
    /// Preview, once more if the first ran out of the engine's time budget (500 ms of wall clock: the page's first JSON-e
    /// evaluation also compiles the interpreter, and CI's two cores are busy); a second refusal fails the test.
    /// </summary>
    private async Task PreviewAsync(IPage page)
    {
        var ready = page.GetByText("No problems: this blueprint can be published.");
        var overBudget = page.GetByText("the template needs more work than the engine allows");
        await page.GetByRole(AriaRole.Button, new() { Name = "Preview" }).ClickAsync();
        await Assertions.Expect(ready.Or(overBudget)).ToBeVisibleAsync();
        if (await overBudget.IsVisibleAsync())
        {
            output.WriteLine("the first preview ran out of time; previewing again");
            await page.GetByRole(AriaRole.Button, new() { Name = "Preview" }).ClickAsync();
        }

        await Assertions.Expect(ready).ToBeVisibleAsync();
    }

    /// <summary>An instance of the blueprint's latest version, the author's one wallet bound to every participant.</summary>
    private static async Task<string> StartAsync(SorchaClient api, string blueprintId, string registerId, string wallet) =>
        (await api.Instances.CreateAsync(blueprintId, registerId,
            new Dictionary<string, string> { ["applicant"] = wallet, ["underwriter"] = wallet, ["bank"] = wallet })).InstanceId;

    [GeneratedRegex(@"^Go to \/actions\/1\/routes\/0\/condition")] // slashes escaped: Playwright writes the pattern between slashes
    private static partial Regex GoToCondition();
}
