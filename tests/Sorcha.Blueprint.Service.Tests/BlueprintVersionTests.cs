using System.Net;
using System.Text.Json;
using System.Text.Json.Nodes;
using Sorcha.Client;
using Sorcha.Contracts;
using Sorcha.Contracts.Blueprints;
using Sorcha.Contracts.Instances;
using Sorcha.Testing.Blueprints;

namespace Sorcha.Blueprint.Service.Tests;

/// <summary>
/// Every publish freezes a version; an instance runs on the version it started on to its end, whatever is edited,
/// republished or deleted meanwhile, while a new instance runs on the latest version.
/// </summary>
[Collection(BlueprintScope.Name)]
public sealed class BlueprintVersionTests(BlueprintServices services)
{
    /// <summary>Version 1's approve: an approval of 10 needs no comment, and ends the instance (only &gt; 1,000 goes to finance).</summary>
    private static readonly object SmallApproval = new { decision = "approved", approvedAmount = 10 };

    [Fact]
    public async Task An_instance_finishes_on_its_version_while_a_new_one_runs_on_the_republished_rules()
    {
        using var caller = await services.ClientAsync("bp-versions-run");
        var wallet = await InstanceFlows.WalletAsync(caller);
        var register = await InstanceFlows.RegisterAsync(caller);
        var id = await BlueprintFlows.PublishedAsync(caller, "expense-approval");
        var old = await StartAsync(caller, id, register, wallet);

        // Version 2: approve always needs a comment (the schema) and always goes to finance (the route); a new title.
        var published = await BlueprintFlows.PublishExpenseV2Async(caller, id);
        Assert.Equal(2, published.Version);
        var fresh = await StartAsync(caller, id, register, wallet);
        Assert.Equal(1, (await Json.GetAsync<InstanceDto>(caller, $"/api/instances/{old}")).BlueprintVersion);
        Assert.Equal(2, (await Json.GetAsync<InstanceDto>(caller, $"/api/instances/{fresh}")).BlueprintVersion);

        // The lists name each instance by the title of its own version.
        var listed = await Json.GetAsync<Paged<InstanceSummary>>(caller, $"/api/instances?blueprintId={id}");
        var titles = listed.Items.ToDictionary(i => i.InstanceId, i => i.BlueprintTitle!);
        Assert.Equal("Expense approval", titles[old]);
        Assert.Equal("Expense approval v2", titles[fresh]);

        // The old instance: version 1's schema accepts what version 2's refuses, and version 1's route ends it.
        var oldStep = await Json.PostAsync<SubmitActionResponse>(caller, $"/api/instances/{old}/actions/approve",
            new { sender = wallet, data = SmallApproval }, HttpStatusCode.Created);
        Assert.Null(oldStep.NextActionId);

        // The new instance: version 2 refuses the same data, then routes a commented approval to finance.
        var refused = await ProblemAssert.RefusedAsync(caller, HttpMethod.Post, $"/api/instances/{fresh}/actions/approve",
            new { sender = wallet, data = SmallApproval }, HttpStatusCode.UnprocessableEntity);
        Assert.Equal("The data does not match the action's schema", refused.Title);
        var freshStep = await Json.PostAsync<SubmitActionResponse>(caller, $"/api/instances/{fresh}/actions/approve",
            new { sender = wallet, data = new { decision = "approved", approvedAmount = 10, comment = "fine" } }, HttpStatusCode.Created);
        Assert.Equal("finance-review", freshStep.NextActionId);
    }

    [Fact]
    public async Task Versions_are_listed_and_read_as_published_and_an_edit_leaves_them_alone()
    {
        using var caller = await services.ClientAsync("bp-versions-read");
        using var other = await services.ClientAsync("bp-versions-reader");
        var id = await BlueprintFlows.PublishedAsync(caller, "expense-approval");
        await BlueprintFlows.PublishExpenseV2Async(caller, id);
        var draft = BlueprintFlows.Sample("expense-approval");
        draft["title"] = "Expense approval v3 (draft)";
        draft.Remove("version");
        var edited = await Json.SendAsync<BlueprintDto>(caller, HttpMethod.Put, $"/api/blueprints/{id}", draft, HttpStatusCode.OK);
        Assert.Equal(3, edited.Version);
        Assert.False(edited.Published);

        // Any caller reads them, as they read the blueprint.
        var list = await Json.GetAsync<Paged<BlueprintVersionEntry>>(other, $"/api/blueprints/{id}/versions");
        Assert.Equal([1, 2], list.Items.Select(v => v.Version));
        Assert.Equal(2, list.TotalCount);
        var page2 = await Json.GetAsync<Paged<BlueprintVersionEntry>>(other, $"/api/blueprints/{id}/versions?page=2&pageSize=1");
        Assert.Equal(2, page2.Items[0].Version);

        var v1 = await Json.GetAsync<BlueprintDto>(other, $"/api/blueprints/{id}/versions/1");
        Assert.Equal(("Expense approval", 1, true), (v1.Title, v1.Version, v1.Published));
        var v2 = await Json.GetAsync<BlueprintDto>(other, $"/api/blueprints/{id}/versions/2");
        Assert.Equal(("Expense approval v2", 2), (v2.Title, v2.Version));
        foreach (var unknown in new[] { "3", "0", "abc", "-1" })
        {
            await ProblemAssert.RefusedAsync(other, HttpMethod.Get, $"/api/blueprints/{id}/versions/{unknown}", null, HttpStatusCode.NotFound);
        }

        // A draft never published has no versions; an unknown blueprint is 404.
        var neverPublished = (await BlueprintFlows.CreateAsync(caller, BlueprintFlows.Sample("expense-approval"))).Id!;
        Assert.Equal(0, (await Json.GetAsync<Paged<BlueprintVersionEntry>>(other, $"/api/blueprints/{neverPublished}/versions")).TotalCount);
        await ProblemAssert.RefusedAsync(other, HttpMethod.Get, $"/api/blueprints/{Guid.NewGuid():N}/versions", null, HttpStatusCode.NotFound);

        // New instances start on version 2, the latest published, not on the draft.
        var wallet = await InstanceFlows.WalletAsync(caller);
        var instance = await StartAsync(caller, id, await InstanceFlows.RegisterAsync(caller), wallet);
        Assert.Equal(2, (await Json.GetAsync<InstanceDto>(caller, $"/api/instances/{instance}")).BlueprintVersion);
    }

    [Fact]
    public async Task Deleting_a_published_blueprint_lets_its_running_instances_finish_and_keeps_their_version_readable()
    {
        using var caller = await services.ClientAsync("bp-versions-delete");
        var wallet = await InstanceFlows.WalletAsync(caller);
        var register = await InstanceFlows.RegisterAsync(caller);
        var id = await BlueprintFlows.PublishedAsync(caller, "expense-approval");
        var instance = await StartAsync(caller, id, register, wallet);

        await Json.SendAsync<JsonElement>(caller, HttpMethod.Delete, $"/api/blueprints/{id}", null, HttpStatusCode.NoContent);
        await ProblemAssert.RefusedAsync(caller, HttpMethod.Get, $"/api/blueprints/{id}", null, HttpStatusCode.NotFound);
        await ProblemAssert.RefusedAsync(caller, HttpMethod.Post, $"/api/blueprints/{id}/instances",
            new { registerId = register, participants = Everyone(wallet) }, HttpStatusCode.NotFound);

        Assert.Equal("Expense approval", (await Json.GetAsync<BlueprintDto>(caller, $"/api/blueprints/{id}/versions/1")).Title);
        var inbox = await Json.GetAsync<Paged<InboxItem>>(caller, "/api/inbox?pageSize=100");
        var item = inbox.Items.Single(i => i.InstanceId == instance);
        Assert.Equal("Expense approval", item.BlueprintTitle);
        var last = await Json.PostAsync<SubmitActionResponse>(caller, $"/api/instances/{instance}/actions/approve",
            new { sender = wallet, data = SmallApproval }, HttpStatusCode.Created);
        Assert.Null(last.NextActionId);
        Assert.Equal("completed", (await Json.GetAsync<InstanceDto>(caller, $"/api/instances/{instance}")).State);
    }

    /// <summary>An instance with one wallet in every role, its first step ("submit") done: it waits for "approve".</summary>
    private static async Task<string> StartAsync(HttpClient caller, string blueprint, string register, string wallet)
    {
        var instance = await InstanceFlows.InstanceAsync(caller, blueprint, register, Everyone(wallet));
        await Json.PostAsync<SubmitActionResponse>(caller, $"/api/instances/{instance}/actions/submit",
            new { sender = wallet, data = InstanceFlows.Claim }, HttpStatusCode.Created);
        return instance;
    }

    private static Dictionary<string, string> Everyone(string wallet) =>
        new() { ["employee"] = wallet, ["manager"] = wallet, ["finance"] = wallet };
}
