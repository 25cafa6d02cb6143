using System.Text.Json;
using System.Text.Json.Nodes;
using Microsoft.Playwright;
using Sorcha.Client;
using Sorcha.Contracts.Instances;
using Sorcha.IntegrationTests.Infrastructure;

namespace Sorcha.IntegrationTests.Web;

/// <summary>
/// Blueprints and data come from untrusted authors and participants: markup and script in a blueprint's title, a
/// participant's name, an action's title, a schema's titles, descriptions and enum values, a rejection's reason and a
/// file's name render as text on the inbox, the instance page and the step form, and none of it runs. Another
/// person's instance is the same not-found page as an id that does not exist.
/// </summary>
[Collection(PlatformScope.Name)]
public sealed class HostileContentTests(PlatformFixture platform, Browser browser) : IClassFixture<Browser>
{
    private const string Script = "<script>window.__pwned=1</script>";
    private const string Image = "<img src=x onerror=\"window.__pwned=1\">";

    [SkippableFact]
    public async Task Hostile_strings_render_as_text_everywhere_a_person_sees_them()
    {
        var name = People.Name("hostile");
        var (api, wallet, instance) = await SoloInstanceAsync(name, registerName: Image);
        await api.Instances.SubmitActionAsync(instance.InstanceId, "first", new SubmitActionRequest(wallet, new JsonObject { ["choice"] = "ok" },
            [AttachmentUpload.Of(Image + ".txt", "text/html", "<b>bold</b>"u8)]));
        await api.Instances.RejectActionAsync(instance.InstanceId, "second", wallet, Script + Image);

        await using var person = await browser.SignInAsync(platform.Gateway.BaseAddress!, name);
        await Assertions.Expect(person.Page.GetByRole(AriaRole.Link, new() { Name = Script + " first" })).ToBeVisibleAsync();
        await AssertInertAsync(person.Page);

        await person.GoAsync($"/instances/{instance.InstanceId}");
        await Assertions.Expect(person.Page.GetByText("Reason: " + Script + Image)).ToBeVisibleAsync();
        await Assertions.Expect(person.Page.GetByText("File: " + Image + ".txt")).ToBeVisibleAsync();
        await Assertions.Expect(person.Page.GetByLabel(Image + " choice")).ToBeVisibleAsync();
        await Assertions.Expect(person.Page.GetByText(Script + " help")).ToBeVisibleAsync();
        await AssertInertAsync(person.Page);
    }

    [SkippableFact]
    public async Task Another_persons_instance_is_the_same_not_found_page_as_an_unknown_one()
    {
        var (_, _, instance) = await SoloInstanceAsync(People.Name("owner"), registerName: "private");

        await using var stranger = await browser.SignInAsync(platform.Gateway.BaseAddress!, People.Name("stranger"));
        var notFound = stranger.Page.GetByRole(AriaRole.Heading, new() { Name = "Not found" });
        await stranger.GoAsync($"/instances/{instance.InstanceId}");
        await Assertions.Expect(notFound).ToBeVisibleAsync();
        var theirs = await stranger.Page.Locator("main").InnerTextAsync();
        await stranger.GoAsync("/instances/no-such-instance");
        await Assertions.Expect(notFound).ToBeVisibleAsync();
        var unknown = await stranger.Page.Locator("main").InnerTextAsync();
        Assert.Contains("Not found", theirs, StringComparison.Ordinal);
        Assert.Equal(unknown, theirs);
        Assert.DoesNotContain(instance.InstanceId, theirs, StringComparison.Ordinal);
    }

    /// <summary>An instance of <see cref="Blueprint"/> started by <paramref name="name"/>, whose one wallet is both participants.</summary>
    private async Task<(SorchaClient Api, string Wallet, CreatedInstanceResponse Instance)> SoloInstanceAsync(string name, string registerName)
    {
        var api = People.Api(platform, name);
        var wallet = (await api.Wallets.CreateAsync(name)).Address;
        var created = await api.Blueprints.CreateAsync(Blueprint().Deserialize(SorchaJsonContext.Default.BlueprintDocument)!);
        await api.Blueprints.PublishAsync(created.Id);
        var register = await api.Registers.CreateAsync(registerName);
        var instance = await api.Instances.CreateAsync(created.Id, register.Id, new Dictionary<string, string> { ["a"] = wallet, ["b"] = wallet });
        return (api, wallet, instance);
    }

    /// <summary>No script ran and no element came from the strings: an img with src "x" would be one.</summary>
    private static async Task AssertInertAsync(IPage page)
    {
        Assert.Null(await page.EvaluateAsync<int?>("() => window.__pwned ?? null"));
        Assert.Equal(0, await page.Locator("img[src='x']").CountAsync());
    }

    private static JsonObject Blueprint() => JsonNode.Parse($$"""
        {
          "title": {{JsonSerializer.Serialize(Script + " blueprint")}},
          "description": {{JsonSerializer.Serialize(Image)}},
          "participants": [ { "id": "a", "name": {{JsonSerializer.Serialize(Image + " A")}} }, { "id": "b", "name": "B" } ],
          "actions": [
            {
              "id": "first", "title": {{JsonSerializer.Serialize(Script + " first")}}, "sender": "a",
              "dataSchema": {
                "type": "object", "required": ["choice"],
                "properties": { "choice": { "title": {{JsonSerializer.Serialize(Image + " choice")}}, "description": {{JsonSerializer.Serialize(Script + " help")}},
                  "enum": [ {{JsonSerializer.Serialize(Script)}}, {{JsonSerializer.Serialize(Image)}}, "ok", "fine", "other" ] } }
              },
              "routes": [ { "next": "second" } ],
              "disclosures": [ { "participant": "a", "pointers": ["/*"] }, { "participant": "b", "pointers": ["/*"] } ]
            },
            {
              "id": "second", "title": "second", "sender": "b",
              "dataSchema": { "type": "object" },
              "rejection": { "next": "first" },
              "disclosures": [ { "participant": "a", "pointers": ["/*"] } ]
            }
          ]
        }
        """)!.AsObject();
}
