using Microsoft.AspNetCore.Http.HttpResults;
using Sorcha.ServiceDefaults.Api;

namespace Sorcha.Blueprint.Service.Blueprints;

public static class BlueprintsApi
{
    public static RouteGroupBuilder MapBlueprintsApi(this IEndpointRouteBuilder app)
    {
        var group = app.MapGroup("/api/blueprints").RequireAuthorization();
        group.MapGet("/", List);
        return group;
    }

    private static Results<Ok<Paged<object>>, ValidationProblem> List(int? page, int? pageSize)
    {
        if (PageQuery.Validate(page, pageSize, out var query) is { } errors)
        {
            return TypedResults.ValidationProblem(errors);
        }

        return TypedResults.Ok(new Paged<object>([], query.Page, query.PageSize, 0));
    }
}
