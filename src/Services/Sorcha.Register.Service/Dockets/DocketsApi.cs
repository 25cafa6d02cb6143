using Microsoft.AspNetCore.Http.HttpResults;
using Sorcha.ApiPlatform.Api;
using Sorcha.ApiPlatform.Problems;
using Sorcha.Contracts;
using Sorcha.Ledger.Dockets;
using Sorcha.Register.Service.Registers;
using Sorcha.Registers.Store;

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
        app.MapGet("/api/registers/{id}/consistency", Consistency).RequireAuthorization().WithTags("Dockets")
            .WithName("GetConsistencyProof")
            .WithSummary("The RFC 9162 consistency proof between the register trees of docket 'from' and docket 'to'.")
            .ProducesValidationProblem()
            .ProducesProblem(StatusCodes.Status404NotFound)
            .ProducesProblem(StatusCodes.Status422UnprocessableEntity);
        return group;
    }

    /// <summary>
    /// Reads the register's txIds 0..to.treeSize−1 (in chunks) to build the proof: O(treeSize) work, the same order
    /// as verify, for any caller; the per-caller rate limit bounds it.
    /// </summary>
    private static async Task<Results<Ok<ConsistencyProof>, ValidationProblem, ProblemHttpResult>> Consistency(
        string id, long? from, long? to, RegisterStore store)
    {
        var errors = new FieldErrors();
        if (from is null or < 0)
        {
            errors.Add("from", "from is required: a docket number (0 or more).");
        }

        if (to is null or < 0)
        {
            errors.Add("to", "to is required: a docket number (0 or more).");
        }
        else if (from > to)
        {
            errors.Add("from", "from must not be greater than to.");
        }

        if (errors.Any)
        {
            return TypedResults.ValidationProblem(errors.ToDictionary());
        }

        if (await store.GetStateAsync(id) is null)
        {
            return RegisterProblems.NotFound(id);
        }

        var first = await store.GetDocketAsync(id, from!.Value);
        var second = await store.GetDocketAsync(id, to!.Value);
        if (first is null || second is null)
        {
            return ApiProblems.NotFound($"Register '{id}' has no docket {(first is null ? from : to)} (yet).", "Docket not found");
        }

        if (!first.HasTree || !second.HasTree)
        {
            return ApiProblems.Unprocessable(
                $"Docket {(first.HasTree ? to : from)} was sealed before register trees existed (no treeSize/treeRoot), so it " +
                "anchors no consistency proof; use a later docket.", "Docket without register tree");
        }

        var txIds = new List<byte[]>((int)Math.Min(second.TreeSize!.Value, int.MaxValue));
        for (long next = 0; next < second.TreeSize; next += TxIdChunk)
        {
            txIds.AddRange(await store.GetTxIdsAsync(id, next, (int)Math.Min(TxIdChunk, second.TreeSize.Value - next)));
        }

        return TypedResults.Ok(ConsistencyProofs.Build(first, second, txIds));
    }

    private const int TxIdChunk = 4096;

    private static Task<Results<Ok<Paged<Docket>>, ValidationProblem, ProblemHttpResult>> List(
        string id, int? page, int? pageSize, RegisterStore store) =>
        RegisterPages.ReadAsync(id, page, pageSize, store, state => state.Dockets, store.GetDocketsAsync);

    private static async Task<Results<Ok<Docket>, ProblemHttpResult>> Get(string id, long number, RegisterStore store)
    {
        if (await store.GetDocketAsync(id, number) is { } docket)
        {
            return TypedResults.Ok(docket);
        }

        return await store.GetStateAsync(id) is null
            ? RegisterProblems.NotFound(id)
            : ApiProblems.NotFound($"Register '{id}' has no docket {number} (yet).", "Docket not found");
    }
}
