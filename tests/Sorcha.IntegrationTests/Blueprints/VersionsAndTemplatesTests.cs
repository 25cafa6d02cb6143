using System.Net;
using Sorcha.Contracts;
using Sorcha.Contracts.Blueprints;
using Sorcha.Contracts.Instances;
using Sorcha.Contracts.Templates;
using Sorcha.IntegrationTests.Infrastructure;

namespace Sorcha.IntegrationTests.Blueprints;

/// <summary>
/// Through the gateway, against the AppHost: an instance finishes on the version it started on while a new one runs on
/// the republished rules; the loan template instantiates into a blueprint that publishes and runs.
/// </summary>
[Trait(Rerun.Trait, Rerun.Replicas)]
[Collection(PlatformScope.Name)]
public sealed class VersionsAndTemplatesTests(PlatformFixture platform)
{
    private static readonly object SmallApproval = new { decision = "approved", approvedAmount = 10 };

    [Fact]
    public async Task An_old_instance_finishes_on_its_rules_while_a_new_one_runs_on_the_republished_version()
    {
        using var caller = await platform.ClientAsync("versions-gateway");
        var wallet = await InstanceFlows.WalletAsync(caller);
        var register = await InstanceFlows.RegisterAsync(caller);
        var id = await BlueprintFlows.PublishedAsync(caller, "expense-approval");
        var old = await StartAsync(caller, id, register, wallet);
        Assert.Equal(2, (await BlueprintFlows.PublishExpenseV2Async(caller, id)).Version);
        var fresh = await StartAsync(caller, id, register, wallet);

        // Version 1: no comment needed, and a small approval ends the instance.
        var oldStep = await Json.PostAsync<SubmitActionResponse>(caller, $"/api/instances/{old}/actions/approve",
            new { sender = wallet, data = SmallApproval }, HttpStatusCode.Created);
        Assert.Null(oldStep.NextActionId);

        // Version 2: the same data is refused; a commented approval goes to finance.
        await ProblemAssert.RefusedAsync(caller, HttpMethod.Post, $"/api/instances/{fresh}/actions/approve",
            new { sender = wallet, data = SmallApproval }, HttpStatusCode.UnprocessableEntity);
        var freshStep = await Json.PostAsync<SubmitActionResponse>(caller, $"/api/instances/{fresh}/actions/approve",
            new { sender = wallet, data = new { decision = "approved", approvedAmount = 10, comment = "ok" } }, HttpStatusCode.Created);
        Assert.Equal("finance-review", freshStep.NextActionId);

        var versions = await Json.GetAsync<Paged<BlueprintVersionEntry>>(caller, $"/api/blueprints/{id}/versions");
        Assert.Equal([1, 2], versions.Items.Select(v => v.Version));
        Assert.Equal("Expense approval", (await Json.GetAsync<BlueprintDto>(caller, $"/api/blueprints/{id}/versions/1")).Title);
    }

    [Fact]
    public async Task The_loan_template_instantiates_into_a_draft_that_publishes_and_starts()
    {
        using var caller = await platform.ClientAsync("templates-gateway");
        using var other = await platform.ClientAsync("templates-gateway-other");
        var template = (await Json.PostAsync<TemplateDto>(caller, "/api/templates", Samples.Template("loan-application"),
            HttpStatusCode.Created)).Id;
        await ProblemAssert.RefusedAsync(other, HttpMethod.Get, $"/api/templates/{template}", null, HttpStatusCode.NotFound);

        var parameters = Samples.TemplateParameters("loan-application");
        parameters["parameters"]!["lender"] = "Gateway Savings";
        var draft = await Json.PostAsync<BlueprintDto>(caller, $"/api/templates/{template}/instantiate", parameters, HttpStatusCode.Created);
        Assert.False(draft.Published);
        Assert.Equal("Gateway Savings", draft.Participants.Single(p => p.Id == "bank").Name);
        Assert.True((await Json.PostAsync<BlueprintDto>(caller, $"/api/blueprints/{draft.Id}/publish", null, HttpStatusCode.OK)).Published);

        var wallet = await InstanceFlows.WalletAsync(caller);
        var instance = await InstanceFlows.InstanceAsync(caller, draft.Id!, await InstanceFlows.RegisterAsync(caller),
            new Dictionary<string, string> { ["applicant"] = wallet, ["underwriter"] = wallet, ["bank"] = wallet });
        Assert.Equal("apply", (await Json.GetAsync<InstanceDto>(caller, $"/api/instances/{instance}")).NextActionId);
    }

    private static async Task<string> StartAsync(HttpClient caller, string blueprint, string register, string wallet)
    {
        var instance = await InstanceFlows.InstanceAsync(caller, blueprint, register,
            new Dictionary<string, string> { ["employee"] = wallet, ["manager"] = wallet, ["finance"] = wallet });
        await Json.PostAsync<SubmitActionResponse>(caller, $"/api/instances/{instance}/actions/submit",
            new { sender = wallet, data = InstanceFlows.Claim }, HttpStatusCode.Created);
        return instance;
    }
}
