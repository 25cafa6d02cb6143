using Microsoft.AspNetCore.Http.HttpResults;
using Sorcha.ApiPlatform.Limits;
using Sorcha.Contracts.Registers;
using Sorcha.Register.Service.Indexes;
using Sorcha.Register.Service.Registers;
using Sorcha.Registers.Store;

namespace Sorcha.Register.Service.Stats;

/// <summary>A register's counts, read with its head in one step: height, dockets, the last seal, transactions per type.</summary>
public static class RegisterStatsApi
{
    public static RouteHandlerBuilder MapRegisterStatsApi(this IEndpointRouteBuilder app) =>
        app.MapGet("/api/registers/{id}/stats", Get).RequireAuthorization().WithTags("Registers").WithName("GetRegisterStats")
            .WithSummary("A register's height, dockets, last seal and committed transactions per metadata type.")
            .WithDescription("byType counts transactions by metadata.type (types of 1 to 256 characters, the first 1,000 distinct " +
                "ones); a transaction without a type is in no entry, so height minus their sum counts them.")
            .ProducesProblem(StatusCodes.Status404NotFound);

    private static async Task<Results<Ok<RegisterStatsDto>, ProblemHttpResult, RetryLater>> Get(string id, RegisterStore store,
        IndexBackfill backfill)
    {
        if (await store.GetStatsAsync(id) is not { } stats)
        {
            return RegisterProblems.NotFound(id);
        }

        if (!stats.Indexed)
        {
            backfill.Request(id);
            return RegisterProblems.NotIndexedYet(id);
        }

        return TypedResults.Ok(new RegisterStatsDto(stats.Height, stats.Dockets, stats.LastSealedAt, stats.ByType));
    }
}
