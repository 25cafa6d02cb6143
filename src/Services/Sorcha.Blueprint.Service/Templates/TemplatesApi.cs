using System.Security.Claims;
using System.Text.Json.Nodes;
using Microsoft.AspNetCore.Http.HttpResults;
using Microsoft.AspNetCore.Mvc;
using Microsoft.Extensions.Options;
using Sorcha.ApiPlatform.Api;
using Sorcha.ApiPlatform.Auth;
using Sorcha.ApiPlatform.Limits;
using Sorcha.ApiPlatform.Problems;
using Sorcha.Blueprint.Engine;
using Sorcha.Blueprint.Engine.Execution;
using Sorcha.Blueprint.Service.Blueprints;
using Sorcha.Blueprint.Service.Execution;
using Sorcha.Blueprint.Service.Problems;
using Sorcha.Contracts;
using Sorcha.Contracts.Blueprints;
using Sorcha.Contracts.Execution;
using Sorcha.Contracts.Templates;
using HttpJsonOptions = Microsoft.AspNetCore.Http.Json.JsonOptions;

namespace Sorcha.Blueprint.Service.Templates;

/// <summary>
/// Blueprint templates (JSON-e). Unlike blueprints, which every participant may read, a template is authoring material
/// private to its creator: another caller's template is 404, as an unknown one is, and the listing is the caller's own.
/// Instantiating one creates a draft blueprint owned by the caller, exactly as POST /api/blueprints would.
/// </summary>
public static class TemplatesApi
{
    public static RouteGroupBuilder MapTemplatesApi(this IEndpointRouteBuilder app)
    {
        var group = app.MapGroup("/api/templates").RequireAuthorization().WithTags("Templates");
        group.MapPost("/", Create).WithMetadata(new RequestSizeLimitAttribute(BlueprintShape.MaxDocumentBytes))
            .WithName("CreateTemplate").WithSummary("Stores a blueprint template (JSON-e) with the JSON Schema of its parameters.")
            .ProducesProblem(StatusCodes.Status409Conflict)
            .ProducesValidationProblem(StatusCodes.Status422UnprocessableEntity);
        group.MapGet("/", List).WithName("ListTemplates").WithSummary("The caller's templates, oldest first, paged.");
        group.MapGet("/{id}", Get).WithName("GetTemplate").WithSummary("One of the caller's templates.")
            .ProducesProblem(StatusCodes.Status404NotFound);
        group.MapDelete("/{id}", Delete).WithName("DeleteTemplate").WithSummary("Deletes one of the caller's templates.")
            .ProducesProblem(StatusCodes.Status404NotFound);
        group.MapPost("/{id}/instantiate", Instantiate).WithMetadata(new RequestSizeLimitAttribute(ExecutionApi.MaxDataBytes))
            .WithName("InstantiateTemplate")
            .WithSummary("Renders the template with the given parameters into a new draft blueprint, or lists every problem (422).")
            .ProducesProblem(StatusCodes.Status404NotFound)
            .ProducesProblem(StatusCodes.Status409Conflict)
            .ProducesValidationProblem(StatusCodes.Status422UnprocessableEntity);
        return group;
    }

    private static async Task<Results<Created<TemplateDto>, ValidationProblem, ProblemHttpResult>> Create(
        CreateTemplateRequest request, ClaimsPrincipal user, TemplateStore store, IOptions<LimitsOptions> limits, TimeProvider clock)
    {
        var errors = TemplateShape.Check(request);
        if (errors.Any)
        {
            return TypedResults.ValidationProblem(errors.ToDictionary());
        }

        var problems = TemplateShape.SchemaProblems(request.Parameters!);
        if (problems.Count > 0)
        {
            return EngineProblems.Invalid("The parameters are not a valid JSON Schema",
                $"{problems.Count} problem(s); each is listed under errors by its JSON Pointer into the request.", problems);
        }

        var record = new TemplateRecord(Guid.NewGuid().ToString("N"), request.Title!, request.Description, request.Parameters!,
            (JsonObject)request.Template!, user.CallerId(), clock.GetUtcNow());
        var quota = Quota.Templates(limits.Value);
        return await store.CreateAsync(record, quota.Limit)
            ? TypedResults.Created($"/api/templates/{record.Id}", record.ToDto())
            : quota.Refusal("You keep as many templates as one caller may", "Delete a template to create another.");
    }

    private static async Task<Results<Ok<Paged<TemplateDto>>, ValidationProblem>> List(
        int? page, int? pageSize, ClaimsPrincipal user, TemplateStore store)
    {
        if (PageQuery.Validate(page, pageSize, out var query) is { } errors)
        {
            return TypedResults.ValidationProblem(errors);
        }

        var (items, total) = await store.ListAsync(user.CallerId(), query.Skip, query.PageSize);
        return TypedResults.Ok(new Paged<TemplateDto>([.. items.Select(r => r.ToDto())], query.Page, query.PageSize, total));
    }

    private static async Task<Results<Ok<TemplateDto>, ProblemHttpResult>> Get(string id, ClaimsPrincipal user, TemplateStore store) =>
        await store.GetAsync(user.CallerId(), id) is { } record ? TypedResults.Ok(record.ToDto()) : NotFound(id);

    private static async Task<Results<NoContent, ProblemHttpResult>> Delete(string id, ClaimsPrincipal user, TemplateStore store) =>
        await store.DeleteAsync(user.CallerId(), id) ? TypedResults.NoContent() : NotFound(id);

    /// <summary>404 → 400 (parameters not an object) → 422 (every problem, or the work budget) → the blueprint quotas' 409.</summary>
    private static async Task<Results<Created<BlueprintDto>, ValidationProblem, ProblemHttpResult>> Instantiate(
        string id, InstantiateTemplateRequest request, ClaimsPrincipal user, TemplateStore templates, BlueprintStore blueprints,
        BlueprintEngine engine, IOptions<HttpJsonOptions> json, IOptions<LimitsOptions> limits, TimeProvider clock,
        CancellationToken ct)
    {
        if (await templates.GetAsync(user.CallerId(), id) is not { } template)
        {
            return NotFound(id);
        }

        if (request.Parameters is not JsonObject parameters || JsonNesting.TooDeep(parameters))
        {
            return TypedResults.ValidationProblem(new Dictionary<string, string[]>
            {
                ["parameters"] = [request.Parameters is JsonObject ? "parameters " + JsonNesting.Message : "parameters (a JSON object) is required."],
            });
        }

        BlueprintDocument? blueprint;
        IReadOnlyList<ValidationError> problems;
        try
        {
            (blueprint, problems) = TemplateRendering.Render(template, parameters, engine.Budget(ct), json.Value.SerializerOptions);
        }
        catch (BudgetExceededException e)
        {
            return EngineProblems.BudgetExceeded(e);
        }

        if (blueprint is null)
        {
            return EngineProblems.Invalid("The template cannot be instantiated",
                $"{problems.Count} problem(s); each is listed under errors by its JSON Pointer: /parameters into the parameters, " +
                "/template for the evaluation, /result into the blueprint it produced.", problems);
        }

        // Stored exactly as POST /api/blueprints stores a draft: the server names it, version 1, unpublished.
        var now = clock.GetUtcNow();
        var document = blueprint with { Id = Guid.NewGuid().ToString("N"), Version = 1, Published = false };
        var write = await blueprints.CreateAsync(new BlueprintRecord(document, user.CallerId(), 0, now, now, null),
            Quota.Blueprints(limits.Value).Limit, Quota.BlueprintBytes(limits.Value).Limit);
        return write.Stored is { } stored
            ? TypedResults.Created($"/api/blueprints/{document.Id}", stored.ToDto())
            : BlueprintsApi.OverQuota(write, limits.Value);
    }

    private static ProblemHttpResult NotFound(string id) => ApiProblems.NotFound($"You have no template with the id '{id}'.");
}
