using Microsoft.AspNetCore.Http.HttpResults;
using Sorcha.ApiPlatform.Api;
using Sorcha.ApiPlatform.LinkedData;
using Sorcha.ApiPlatform.Problems;
using Sorcha.Contracts;
using Sorcha.Contracts.Blueprints;
using Sorcha.Contracts.LinkedData;

namespace Sorcha.Blueprint.Service.Blueprints;

/// <summary>
/// The versions a blueprint was published at, readable by every authenticated caller as the blueprint is. They stay
/// readable after the blueprint is deleted: instances still run on them, and their participants may look up the rules.
/// </summary>
public static class BlueprintVersionsApi
{
    public static void MapBlueprintVersions(this RouteGroupBuilder group)
    {
        group.MapGet("/{id}/versions", List).WithName("ListBlueprintVersions")
            .WithSummary("The versions the blueprint was published at, oldest first, paged.")
            .ProducesProblem(StatusCodes.Status404NotFound);
        group.MapGet("/{id}/versions/{version}", Get).WithName("GetBlueprintVersion")
            .WithSummary("The blueprint as it was published at that version.")
            .ProducesProblem(StatusCodes.Status404NotFound)
            .WithLinkedData<BlueprintDto>(LinkedDataContext.BlueprintType,
                d => LinkedPaths.Of("blueprints", d["id"], "versions", d["version"]));
    }

    private static async Task<Results<Ok<Paged<BlueprintVersionEntry>>, ValidationProblem, ProblemHttpResult>> List(
        string id, int? page, int? pageSize, BlueprintStore store)
    {
        if (PageQuery.Validate(page, pageSize, out var query) is { } errors)
        {
            return TypedResults.ValidationProblem(errors);
        }

        return await store.ListVersionsAsync(id, query.Skip, query.PageSize) is { } found
            ? TypedResults.Ok(new Paged<BlueprintVersionEntry>(found.Items, query.Page, query.PageSize, found.Total))
            : BlueprintsApi.NotFound(id);
    }

    /// <summary>A version that is not a positive number is unknown (404), as a version never published is.</summary>
    private static async Task<Results<Ok<BlueprintDto>, ProblemHttpResult>> Get(string id, string version, BlueprintStore store) =>
        int.TryParse(version, System.Globalization.NumberStyles.None, null, out var n) && n > 0
        && await store.GetVersionAsync(id, n) is { } record
            ? TypedResults.Ok(record.ToDto())
            : ApiProblems.NotFound($"Blueprint '{id}' was never published at version '{version}'.");
}
