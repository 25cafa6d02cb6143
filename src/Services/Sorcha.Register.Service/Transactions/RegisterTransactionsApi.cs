using System.ComponentModel;
using Microsoft.AspNetCore.Http.HttpResults;
using Microsoft.Extensions.Options;
using Sorcha.ApiPlatform.Api;
using Sorcha.ApiPlatform.Limits;
using Sorcha.ApiPlatform.LinkedData;
using Sorcha.ApiPlatform.Problems;
using Sorcha.Contracts;
using Sorcha.Contracts.LinkedData;
using Sorcha.Ledger.Dockets;
using Sorcha.Register.Service.Indexes;
using Sorcha.Register.Service.Registers;
using Sorcha.Registers.Store;

namespace Sorcha.Register.Service.Transactions;

/// <summary>Committed transactions of a register, in sequence order, and their inclusion proofs.</summary>
public static class RegisterTransactionsApi
{
    public static RouteGroupBuilder MapRegisterTransactionsApi(this IEndpointRouteBuilder app)
    {
        var group = app.MapGroup("/api/registers/{id}/transactions").RequireAuthorization().WithTags("Register transactions");
        group.MapGet("/", List).WithName("ListRegisterTransactions")
            .WithSummary("Committed transactions in sequence order, paged; optionally only those of a wallet, blueprint and/or instance.")
            .WithDescription("wallet: the sender, or a recipient of one of the payload's envelopes. Filters combine (AND) and are " +
                "served from the register's indexes; several filters may walk at most Limits:Indexes:FilterBudget entries (else 422).")
            .ProducesValidationProblem()
            .ProducesProblem(StatusCodes.Status404NotFound)
            .ProducesProblem(StatusCodes.Status422UnprocessableEntity);
        group.MapGet("/{txId}", Get).WithName("GetRegisterTransaction").WithSummary("One committed transaction.")
            .ProducesProblem(StatusCodes.Status404NotFound)
            .WithLinkedData<StoredTransaction>(LinkedDataContext.TransactionType,
                d => LinkedPaths.Of("registers", d["registerId"], "transactions", d["txId"]));
        group.MapGet("/{txId}/proof", Proof).WithName("GetInclusionProof")
            .WithSummary("The RFC 9162 inclusion proof of a transaction in its docket (409 until the docket is sealed).")
            .ProducesProblem(StatusCodes.Status404NotFound)
            .ProducesProblem(StatusCodes.Status409Conflict);
        return group;
    }

    /// <summary>Without a filter, every transaction as before; with one or more, the matching ones from the indexes.</summary>
    private static async Task<Results<Ok<Paged<StoredTransaction>>, ValidationProblem, ProblemHttpResult, RetryLater>> List(
        string id, int? page, int? pageSize,
        [Description("A wallet address: the sender, or a recipient of one of the payload's envelopes.")] string? wallet,
        [Description("metadata.blueprintId, 1 to 256 characters.")] string? blueprintId,
        [Description("metadata.instanceId, 1 to 256 characters.")] string? instanceId, RegisterStore store,
        IndexBackfill backfill, IOptions<LimitsOptions> limits)
    {
        var errors = new FieldErrors();
        var filter = TransactionFilterQuery.Read(wallet, blueprintId, instanceId, errors);
        if (filter.IsEmpty && !errors.Any)
        {
            return await RegisterPages.ReadAsync(id, page, pageSize, store, state => state.Height, store.GetTransactionsAsync) switch
            {
                { Result: Ok<Paged<StoredTransaction>> ok } => ok,
                { Result: ValidationProblem invalid } => invalid,
                { Result: var other } => (ProblemHttpResult)other,
            };
        }

        if (PageQuery.Validate(page, pageSize, out var query) is { } pageErrors)
        {
            foreach (var (field, messages) in pageErrors)
            {
                Array.ForEach(messages, message => errors.Add(field, message));
            }
        }

        if (errors.Any)
        {
            return TypedResults.ValidationProblem(errors.ToDictionary());
        }

        var budget = limits.Value.Indexes.FilterBudget;
        var found = await store.FindTransactionsAsync(id, filter, query.Skip, query.PageSize, budget);
        switch (found.Outcome)
        {
            case FilterOutcome.UnknownRegister:
                return RegisterProblems.NotFound(id);
            case FilterOutcome.NotIndexed:
                backfill.Request(id);
                return RegisterProblems.NotIndexedYet(id);
            case FilterOutcome.OverBudget:
                return RegisterProblems.FilterOverBudget(found.Smallest, budget);
            default:
                return TypedResults.Ok(new Paged<StoredTransaction>(found.Items, query.Page, query.PageSize, found.Total));
        }
    }

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
