using Microsoft.AspNetCore.Http.HttpResults;
using Sorcha.ServiceDefaults.Api;

namespace Sorcha.Register.Service.Registers;

public static class RegistersApi
{
    public static RouteGroupBuilder MapRegistersApi(this IEndpointRouteBuilder app)
    {
        var group = app.MapGroup("/api/registers").RequireAuthorization();
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
