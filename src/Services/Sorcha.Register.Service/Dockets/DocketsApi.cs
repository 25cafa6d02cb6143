using Microsoft.AspNetCore.Http.HttpResults;
using Sorcha.Ledger.Dockets;
using Sorcha.Register.Service.Registers;
using Sorcha.Registers.Store;
using Sorcha.ServiceDefaults.Api;

namespace Sorcha.Register.Service.Dockets;

public static class DocketsApi
{
    public static RouteGroupBuilder MapDocketsApi(this IEndpointRouteBuilder app)
    {
        var group = app.MapGroup("/api/registers/{id}/dockets").RequireAuthorization().WithTags("Dockets");
        group.MapGet("/", List).WithName("ListDockets").WithSummary("Sealed dockets in number order, paged.")
            .ProducesProblem(StatusCodes.Status404NotFound);
        group.MapGet("/{number:long}", Get).WithName("GetDocket").WithSummary("One sealed docket.")
            .ProducesProblem(StatusCodes.Status404NotFound);
        return group;
    }

    private static async Task<Results<Ok<Paged<Docket>>, ValidationProblem, ProblemHttpResult>> List(
        string id, int? page, int? pageSize, RegisterStore store)
    {
        if (PageQuery.Validate(page, pageSize, out var query) is { } errors)
        {
            return TypedResults.ValidationProblem(errors);
        }

        if (await store.GetStateAsync(id) is not { } state)
        {
            return RegisterProblems.NotFound(id);
        }

        var take = (int)Math.Clamp(state.Dockets - query.Skip, 0, query.PageSize);
        var items = await store.GetDocketsAsync(id, query.Skip, take);
        return TypedResults.Ok(new Paged<Docket>(items, query.Page, query.PageSize, state.Dockets));
    }

    private static async Task<Results<Ok<Docket>, ProblemHttpResult>> Get(string id, long number, RegisterStore store)
    {
        if (await store.GetDocketAsync(id, number) is { } docket)
        {
            return TypedResults.Ok(docket);
        }

        return await store.GetStateAsync(id) is null
            ? RegisterProblems.NotFound(id)
            : TypedResults.Problem($"Register '{id}' has no docket {number} (yet).", statusCode: StatusCodes.Status404NotFound,
                title: "Docket not found");
    }
}
