using Microsoft.AspNetCore.Http.HttpResults;
using Sorcha.Ledger.Dockets;
using Sorcha.Register.Service.Registers;
using Sorcha.Registers.Store;
using Sorcha.ServiceDefaults.Api;
using Sorcha.ServiceDefaults.Problems;

namespace Sorcha.Register.Service.Transactions;

/// <summary>Committed transactions of a register, in sequence order, and their inclusion proofs.</summary>
public static class RegisterTransactionsApi
{
    public static RouteGroupBuilder MapRegisterTransactionsApi(this IEndpointRouteBuilder app)
    {
        var group = app.MapGroup("/api/registers/{id}/transactions").RequireAuthorization().WithTags("Register transactions");
        group.MapGet("/", List).WithName("ListRegisterTransactions")
            .WithSummary("Committed transactions in sequence order, paged.")
            .ProducesProblem(StatusCodes.Status404NotFound);
        group.MapGet("/{txId}", Get).WithName("GetRegisterTransaction").WithSummary("One committed transaction.")
            .ProducesProblem(StatusCodes.Status404NotFound);
        group.MapGet("/{txId}/proof", Proof).WithName("GetInclusionProof")
            .WithSummary("The RFC 9162 inclusion proof of a transaction in its docket (409 until the docket is sealed).")
            .ProducesProblem(StatusCodes.Status404NotFound)
            .ProducesProblem(StatusCodes.Status409Conflict);
        return group;
    }

    private static Task<Results<Ok<Paged<StoredTransaction>>, ValidationProblem, ProblemHttpResult>> List(
        string id, int? page, int? pageSize, RegisterStore store) =>
        RegisterPages.ReadAsync(id, page, pageSize, store, state => state.Height, store.GetTransactionsAsync);

    private static async Task<Results<Ok<StoredTransaction>, ProblemHttpResult>> Get(string id, string txId, RegisterStore store)
    {
        if (await store.GetTransactionAsync(id, txId) is { } transaction)
        {
            return TypedResults.Ok(transaction);
        }

        return await store.GetStateAsync(id) is null ? RegisterProblems.NotFound(id) : RegisterProblems.TransactionNotFound(id, txId);
    }

    /// <summary>The RFC 9162 inclusion proof of a transaction in its docket; 409 until that docket is sealed.</summary>
    private static async Task<Results<Ok<InclusionProof>, ProblemHttpResult>> Proof(string id, string txId, RegisterStore store)
    {
        if (await store.GetTransactionAsync(id, txId) is not { } transaction)
        {
            return await store.GetStateAsync(id) is null ? RegisterProblems.NotFound(id) : RegisterProblems.TransactionNotFound(id, txId);
        }

        if (await store.GetCoveringDocketAsync(id, transaction.Sequence) is not { } docket)
        {
            return ApiProblems.Conflict(
                $"Transaction {txId} (sequence {transaction.Sequence}) is not in a sealed docket yet; dockets close within about a second.",
                "Not sealed yet");
        }

        var txIds = await store.GetTxIdsAsync(id, docket.FirstSequence, (int)docket.TransactionCount);
        return TypedResults.Ok(InclusionProofs.Build(docket, txIds, transaction.Sequence));
    }
}
