using System.Net;
using System.Net.Http.Json;
using System.Text.Json;
using Sorcha.Contracts;
using Sorcha.Contracts.Blueprints;
using Sorcha.Contracts.Templates;
using Sorcha.Testing.Blueprints;

namespace Sorcha.Blueprint.Service.Tests;

/// <summary>Limits:Quotas:Templates (deleting frees a slot) and Limits:Quotas:BlueprintVersions (never freed), per caller.</summary>
public sealed partial class BlueprintQuotaTests
{
    [Fact]
    public async Task Twice_the_template_quota_at_once_stores_exactly_the_quota_and_a_deletion_frees_a_slot()
    {
        using var greedy = await services.ClientAsync("tpl-quota-greedy");
        var answers = await Task.WhenAll(Enumerable.Range(0, 2 * QuotaBlueprintServices.Templates)
            .Select(_ => greedy.PostAsJsonAsync("/api/templates", Samples.Template("loan-application"))));
        var created = await QuotaAssert.CreatedOrRefusedAsync(answers, "templates", QuotaBlueprintServices.Templates);
        Assert.Equal(QuotaBlueprintServices.Templates, created.Count);
        var first = (await Json.ReadAsync<TemplateDto>(created[0])).Id;
        Array.ForEach([.. created], a => a.Dispose());
        Assert.Equal(QuotaBlueprintServices.Templates, (await Json.GetAsync<Paged<TemplateDto>>(greedy, "/api/templates")).TotalCount);

        using var other = await services.ClientAsync("tpl-quota-other");
        await Json.PostAsync<JsonElement>(other, "/api/templates", Samples.Template("loan-application"), HttpStatusCode.Created);

        await Json.SendAsync<JsonElement>(greedy, HttpMethod.Delete, $"/api/templates/{first}", null, HttpStatusCode.NoContent);
        await Json.PostAsync<JsonElement>(greedy, "/api/templates", Samples.Template("loan-application"), HttpStatusCode.Created);
        await QuotaAssert.RefusedAsync(await greedy.PostAsJsonAsync("/api/templates", Samples.Template("loan-application")),
            "templates", QuotaBlueprintServices.Templates);
    }

    [Fact]
    public async Task Publishing_past_the_version_quota_is_409_and_leaves_the_draft_unpublished()
    {
        using var caller = await services.ClientAsync("bp-quota-versions");
        var id = await BlueprintFlows.PublishedAsync(caller, "expense-approval");
        var published = await BlueprintFlows.PublishExpenseV2Async(caller, id);
        Assert.Equal(QuotaBlueprintServices.BlueprintVersions, published.Version);

        var edit = BlueprintFlows.Sample("expense-approval");
        edit.Remove("version");
        var draft = await Json.SendAsync<BlueprintDto>(caller, HttpMethod.Put, $"/api/blueprints/{id}", edit, HttpStatusCode.OK);
        using var refused = await caller.PostAsync($"/api/blueprints/{id}/publish", null);
        await QuotaAssert.RefusedAsync(refused, "blueprintVersions", QuotaBlueprintServices.BlueprintVersions);
        var after = await Json.GetAsync<BlueprintDto>(caller, $"/api/blueprints/{id}");
        Assert.Equal((draft.Version, false), (after.Version, after.Published));
        Assert.Equal(2, (await Json.GetAsync<Paged<BlueprintVersionEntry>>(caller, $"/api/blueprints/{id}/versions")).TotalCount);
    }
}
