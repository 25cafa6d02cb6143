using Microsoft.AspNetCore.Http.HttpResults;
using Microsoft.AspNetCore.Mvc;
using Sorcha.ApiPlatform.Api;
using Sorcha.ApiPlatform.Problems;
using Sorcha.Blueprint.Engine;
using Sorcha.Blueprint.Engine.Execution;
using Sorcha.Blueprint.Service.Blueprints;
using Sorcha.Blueprint.Service.Problems;
using Sorcha.Contracts.Blueprints;
using Sorcha.Contracts.Execution;

namespace Sorcha.Blueprint.Service.Execution;

/// <summary>
/// Dry runs of one action against data, for any blueprint the caller can read (drafts included), with nothing stored.
/// route and disclose see the data after calculation, as an instance action does, so a route can test a calculated field.
/// Each request's engine work runs on one budget and stops when the client goes away; over budget is 422.
/// </summary>
public static class ExecutionApi
{
    /// <summary>Largest action data accepted (request body); the wallet encrypts at most 1 MiB per recipient anyway.</summary>
    public const long MaxDataBytes = 512 * 1024;

    public static RouteGroupBuilder MapExecutionApi(this IEndpointRouteBuilder app)
    {
        var group = app.MapGroup("/api/execution").RequireAuthorization().WithTags("Execution")
            .WithMetadata(new RequestSizeLimitAttribute(MaxDataBytes));
        group.MapPost("/validate", Validate).WithName("ValidateActionData")
            .WithSummary("Checks data against an action's schema: valid, and every error by JSON Pointer.");
        group.MapPost("/calculate", Calculate).WithName("CalculateActionData")
            .WithSummary("The data with the action's calculated fields added.");
        group.MapPost("/route", Route).WithName("RouteAction")
            .WithSummary("The next action and participant for the data (after calculation); no matching route is 422.");
        group.MapPost("/disclose", Disclose).WithName("DiscloseActionData")
            .WithSummary("What each participant would see of the data (after calculation).");
        group.ProducesProblem(StatusCodes.Status404NotFound)
            .ProducesValidationProblem(StatusCodes.Status422UnprocessableEntity);
        return group;
    }

    private static Task<Results<Ok<DataValidationResult>, ValidationProblem, ProblemHttpResult>> Validate(
        ExecutionRequest request, BlueprintStore store, BlueprintEngine engine, CancellationToken ct) =>
        RunAsync<DataValidationResult>(request, store, engine, (blueprint, action, budget) =>
            TypedResults.Ok(engine.Validate(blueprint, action, request.Data, budget)), ct);

    private static Task<Results<Ok<CalculateResponse>, ValidationProblem, ProblemHttpResult>> Calculate(
        ExecutionRequest request, BlueprintStore store, BlueprintEngine engine, CancellationToken ct) =>
        RunAsync<CalculateResponse>(request, store, engine, (blueprint, action, budget) =>
            TypedResults.Ok(new CalculateResponse(engine.Calculate(blueprint, action, request.Data, budget))), ct);

    private static Task<Results<Ok<RouteResponse>, ValidationProblem, ProblemHttpResult>> Route(
        ExecutionRequest request, BlueprintStore store, BlueprintEngine engine, CancellationToken ct) =>
        RunAsync<RouteResponse>(request, store, engine, (blueprint, action, budget) =>
        {
            var route = engine.Route(blueprint, action, engine.Calculate(blueprint, action, request.Data, budget), budget);
            return route.IsNoMatch
                ? ApiProblems.Unprocessable(route.Error!, "No route matches")
                : TypedResults.Ok(new RouteResponse(route.NextActionId, route.NextParticipant));
        }, ct);

    private static Task<Results<Ok<DiscloseResponse>, ValidationProblem, ProblemHttpResult>> Disclose(
        ExecutionRequest request, BlueprintStore store, BlueprintEngine engine, CancellationToken ct) =>
        RunAsync<DiscloseResponse>(request, store, engine, (blueprint, action, budget) => TypedResults.Ok(
            new DiscloseResponse(engine.Disclose(blueprint, action, engine.Calculate(blueprint, action, request.Data, budget), budget))), ct);

    /// <summary>
    /// 400 without ids, 404 for an unknown blueprint or action, 422 for a draft whose action cannot compile or for work
    /// over the budget. A client that goes away cancels the budget, which ends the work.
    /// </summary>
    private static async Task<Results<Ok<T>, ValidationProblem, ProblemHttpResult>> RunAsync<T>(
        ExecutionRequest request, BlueprintStore store, BlueprintEngine engine,
        Func<BlueprintDocument, BlueprintAction, WorkBudget, Results<Ok<T>, ProblemHttpResult>> run, CancellationToken ct)
    {
        var errors = new FieldErrors();
        errors.Required("blueprintId", request.BlueprintId, 64);
        errors.Required("actionId", request.ActionId, BlueprintShape.MaxIdLength);
        if (JsonNesting.TooDeep(request.Data))
        {
            errors.Add("data", "data " + JsonNesting.Message);
        }
        if (errors.Any)
        {
            return TypedResults.ValidationProblem(errors.ToDictionary());
        }

        if (await store.GetCurrentAsync(request.BlueprintId!) is not { } record)
        {
            return ApiProblems.NotFound($"No blueprint has the id '{request.BlueprintId}'.");
        }

        if (record.Blueprint.FindAction(request.ActionId!) is not { } action)
        {
            return ApiProblems.NotFound($"Blueprint '{request.BlueprintId}' has no action '{request.ActionId}'.");
        }

        try
        {
            return run(record.Blueprint, action, engine.Budget(ct)).Result switch
            {
                Ok<T> ok => ok,
                ProblemHttpResult problem => problem,
                var other => throw new InvalidOperationException($"Unexpected result {other}"),
            };
        }
        catch (InvalidBlueprintException e)
        {
            return EngineProblems.Invalid("The action cannot be executed",
                "The blueprint's action does not compile; each problem is listed under errors by its pointer into the blueprint.",
                e.Problems);
        }
        catch (BudgetExceededException e)
        {
            return EngineProblems.BudgetExceeded(e);
        }
    }
}
