using System.Security.Claims;
using Microsoft.AspNetCore.Http.HttpResults;
using Microsoft.AspNetCore.Mvc;
using Microsoft.Extensions.Options;
using Sorcha.ApiPlatform.Api;
using Sorcha.ApiPlatform.Auth;
using Sorcha.ApiPlatform.Limits;
using Sorcha.ApiPlatform.LinkedData;
using Sorcha.ApiPlatform.Problems;
using Sorcha.Blueprint.Engine.Execution;
using Sorcha.Blueprint.Service.Problems;
using Sorcha.Contracts;
using Sorcha.Contracts.Blueprints;
using Sorcha.Contracts.LinkedData;

namespace Sorcha.Blueprint.Service.Blueprints;

/// <summary>
/// Blueprint documents. Any authenticated caller may list and read every blueprint (they are shared workflow
/// templates: a participant should see what it is asked to take part in); only the creator may change, delete or
/// publish one (others get 403). Each publish freezes a version (BlueprintVersionsApi); a PUT after it starts the next
/// draft, and instances keep running on the version they started on, whatever is edited, published or deleted later.
/// </summary>
public static class BlueprintsApi
{
    public static RouteGroupBuilder MapBlueprintsApi(this IEndpointRouteBuilder app)
    {
        var group = app.MapGroup("/api/blueprints").RequireAuthorization().WithTags("Blueprints");
        group.MapPost("/", Create).WithMetadata(new RequestSizeLimitAttribute(BlueprintShape.MaxDocumentBytes))
            .WithName("CreateBlueprint").WithSummary("Creates a draft blueprint (version 1, unpublished); the caller is its creator.")
            .ProducesProblem(StatusCodes.Status409Conflict);
        group.MapGet("/", List).WithName("ListBlueprints").WithSummary("Every blueprint, drafts included, paged.");
        group.MapGet("/{id}", Get).WithName("GetBlueprint").WithSummary("One blueprint.")
            .ProducesProblem(StatusCodes.Status404NotFound)
            .WithLinkedData<BlueprintDto>(LinkedDataContext.BlueprintType, d => LinkedPaths.Of("blueprints", d["id"]));
        group.MapPut("/{id}", Update).WithMetadata(new RequestSizeLimitAttribute(BlueprintShape.MaxDocumentBytes))
            .WithName("UpdateBlueprint")
            .WithSummary("Replaces the document with a new draft and bumps its version; a body version above 0 must be the current one (409 otherwise).")
            .ProducesProblem(StatusCodes.Status403Forbidden)
            .ProducesProblem(StatusCodes.Status404NotFound)
            .ProducesProblem(StatusCodes.Status409Conflict);
        group.MapDelete("/{id}", Delete).WithName("DeleteBlueprint")
            .WithSummary("Deletes a blueprint; its published versions are kept for the instances running on them.")
            .ProducesProblem(StatusCodes.Status403Forbidden)
            .ProducesProblem(StatusCodes.Status404NotFound)
            .ProducesProblem(StatusCodes.Status409Conflict);
        group.MapPost("/{id}/publish", Publish).WithName("PublishBlueprint")
            .WithSummary("Publishes the current draft as a new version, or lists every problem that prevents it (422); publishing again is 200.")
            .ProducesProblem(StatusCodes.Status403Forbidden)
            .ProducesProblem(StatusCodes.Status404NotFound)
            .ProducesProblem(StatusCodes.Status409Conflict)
            .ProducesValidationProblem(StatusCodes.Status422UnprocessableEntity);
        group.MapBlueprintVersions();
        return group;
    }

    private static async Task<Results<Created<BlueprintDto>, ValidationProblem, ProblemHttpResult>> Create(
        BlueprintDocument? blueprint, ClaimsPrincipal user, BlueprintStore store, IOptions<LimitsOptions> limits, TimeProvider clock)
    {
        var errors = BlueprintShape.Check(blueprint);
        if (errors.Any)
        {
            return TypedResults.ValidationProblem(errors.ToDictionary());
        }

        // The server names the blueprint and starts it at version 1, unpublished, whatever the body says.
        var now = clock.GetUtcNow();
        var document = blueprint! with { Id = Guid.NewGuid().ToString("N"), Version = 1, Published = false };
        var write = await store.CreateAsync(new BlueprintRecord(document, user.CallerId(), 0, now, now, null),
            Quota.Blueprints(limits.Value).Limit, Quota.BlueprintBytes(limits.Value).Limit);
        return write.Stored is { } record
            ? TypedResults.Created($"/api/blueprints/{document.Id}", record.ToDto())
            : OverQuota(write, limits.Value);
    }

    private static async Task<Results<Ok<Paged<BlueprintDto>>, ValidationProblem>> List(int? page, int? pageSize, BlueprintStore store)
    {
        if (PageQuery.Validate(page, pageSize, out var query) is { } errors)
        {
            return TypedResults.ValidationProblem(errors);
        }

        var (items, total) = await store.ListAsync(query.Skip, query.PageSize);
        return TypedResults.Ok(new Paged<BlueprintDto>([.. items.Select(r => r.ToDto())], query.Page, query.PageSize, total));
    }

    private static async Task<Results<Ok<BlueprintDto>, ProblemHttpResult>> Get(string id, BlueprintStore store) =>
        await store.GetAsync(id) is { } record ? TypedResults.Ok(record.ToDto()) : NotFound(id);

    /// <summary>
    /// Replaces a draft and bumps its version. If the body carries a version (> 0) it must be the current one, which
    /// gives clients optimistic concurrency for free (GET, edit, PUT); a lost race is 409.
    /// </summary>
    private static async Task<Results<Ok<BlueprintDto>, ValidationProblem, ProblemHttpResult>> Update(
        string id, BlueprintDocument? blueprint, ClaimsPrincipal user, BlueprintStore store, CompiledActionCache cache,
        IOptions<LimitsOptions> limits, TimeProvider clock)
    {
        var errors = BlueprintShape.Check(blueprint);
        if (errors.Any)
        {
            return TypedResults.ValidationProblem(errors.ToDictionary());
        }

        var (current, problem) = await Editable(id, user, store);
        if (problem is not null)
        {
            return problem;
        }

        if (blueprint!.Version > 0 && blueprint.Version != current!.Blueprint.Version)
        {
            return ApiProblems.Conflict(
                $"The blueprint is at version {current.Blueprint.Version}, not {blueprint.Version}: fetch it again and reapply your change.");
        }

        var document = blueprint with { Id = id, Version = current!.Blueprint.Version + 1, Published = false };
        var next = current with { Blueprint = document, UpdatedAt = clock.GetUtcNow(), PublishedVersion = current.LivePublishedVersion };
        var write = await store.TryUpdateAsync(current, next, Quota.BlueprintBytes(limits.Value).Limit);
        if (write.Outcome == BlueprintOutcome.Conflict)
        {
            return ApiProblems.Conflict("The blueprint was changed concurrently; fetch it again and retry.");
        }

        if (write.Stored is null)
        {
            return OverQuota(write, limits.Value);
        }

        cache.Invalidate(id);
        return TypedResults.Ok(next.ToDto());
    }

    private static async Task<Results<NoContent, ProblemHttpResult>> Delete(
        string id, ClaimsPrincipal user, BlueprintStore store, CompiledActionCache cache)
    {
        var (record, problem) = await Editable(id, user, store);
        if (problem is not null)
        {
            return problem;
        }

        if (!await store.TryDeleteAsync(record!))
        {
            return ApiProblems.Conflict("The blueprint was changed concurrently; fetch it again and retry.");
        }

        cache.Invalidate(id);
        return TypedResults.NoContent();
    }

    /// <summary>Publishing an already published blueprint answers 200 again (idempotent); no new version is made.</summary>
    private static async Task<Results<Ok<BlueprintDto>, ProblemHttpResult>> Publish(
        string id, ClaimsPrincipal user, BlueprintStore store, IOptions<LimitsOptions> limits, TimeProvider clock)
    {
        if (await store.GetAsync(id) is not { } current)
        {
            return NotFound(id);
        }

        if (current.Owner != user.CallerId())
        {
            return NotYours();
        }

        if (current.Blueprint.Published)
        {
            return TypedResults.Ok(current.ToDto());
        }

        var problems = BlueprintValidator.Validate(current.Blueprint);
        if (problems.Count > 0)
        {
            return EngineProblems.Invalid("The blueprint cannot be published",
                $"{problems.Count} problem(s); each is listed under errors by its JSON Pointer into the blueprint.", problems);
        }

        var now = clock.GetUtcNow();
        var next = current with
        {
            Blueprint = current.Blueprint with { Published = true }, UpdatedAt = now, PublishedAt = now,
            PublishedVersion = current.Blueprint.Version,
        };
        var quota = Quota.BlueprintVersions(limits.Value);
        return await store.TryPublishAsync(current, next, quota.Limit) switch
        {
            PublishOutcome.Published => TypedResults.Ok(next.ToDto()),
            PublishOutcome.TooMany => quota.Refusal("You have published as many blueprint versions as one caller may",
                "Versions are kept for the instances that run on them; ask an operator."),
            _ => ApiProblems.Conflict("The blueprint was changed concurrently; fetch it again and retry."),
        };
    }

    /// <summary>The stored blueprint, or why the caller may not change it: 404 unknown, 403 not the creator.</summary>
    private static async Task<(BlueprintRecord? Record, ProblemHttpResult? Problem)> Editable(
        string id, ClaimsPrincipal user, BlueprintStore store)
    {
        if (await store.GetAsync(id) is not { } record)
        {
            return (null, NotFound(id));
        }

        if (record.Owner != user.CallerId())
        {
            return (null, NotYours());
        }

        return (record, null);
    }

    internal static ProblemHttpResult OverQuota(BlueprintWrite write, LimitsOptions limits) => write.Outcome == BlueprintOutcome.TooMany
        ? Quota.Blueprints(limits).Refusal("You keep as many blueprints as one caller may", "Delete a draft to create another.")
        : Quota.BlueprintBytes(limits).Refusal(
            $"This blueprint ({write.Bytes:N0} bytes of JSON) does not fit in what your blueprints may take together",
            "Delete or shrink a draft to make room.");

    internal static ProblemHttpResult NotFound(string id) => ApiProblems.NotFound($"No blueprint has the id '{id}'.");

    private static ProblemHttpResult NotYours() => ApiProblems.Forbidden("Only the blueprint's creator may change, delete or publish it.");
}
