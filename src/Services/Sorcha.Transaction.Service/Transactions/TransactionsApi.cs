using System.Security.Claims;
using Microsoft.AspNetCore.Http.HttpResults;
using Microsoft.Extensions.Options;
using Microsoft.AspNetCore.Mvc;
using Sorcha.Contracts.Transactions;
using Sorcha.Ledger.Formats;
using Sorcha.Registers.Store;
using Sorcha.ApiPlatform.Limits;
using Sorcha.ApiPlatform.Problems;
using Sorcha.Transaction.Service.Commit;

namespace Sorcha.Transaction.Service.Transactions;

public static class TransactionsApi
{
    /// <summary>Largest single transaction, as sent (docs/api.md); a larger body, or batch item, is 413.</summary>
    public const int MaxTransactionBytes = 1024 * 1024;

    public static RouteGroupBuilder MapTransactionsApi(this IEndpointRouteBuilder app)
    {
        var group = app.MapGroup("/api/transactions").RequireAuthorization().WithTags("Transactions");
        group.MapGet("/", Limits).WithName("GetSubmissionLimits").WithSummary("What a submission may weigh and how many a batch may hold.");
        group.MapPost("/", Submit).WithName("SubmitTransaction")
            .WithSummary("Commits a signed transaction (201), or returns its earlier commit (200: idempotent by txId).")
            .Accepts<TransactionDocument>("application/json")
            .WithMetadata(new RequestSizeLimitAttribute(RequestBody.KestrelLimit(MaxTransactionBytes)))
            .ProducesProblem(StatusCodes.Status403Forbidden)
            .ProducesProblem(StatusCodes.Status409Conflict)
            .ProducesProblem(StatusCodes.Status410Gone)
            .ProducesProblem(StatusCodes.Status422UnprocessableEntity)
            .ProducesProblem(StatusCodes.Status503ServiceUnavailable);
        group.MapPost("/batch", BatchApi.Submit).WithName("SubmitTransactionBatch")
            .WithSummary("Commits 1 to 1,000 transactions; one result per item, in order, each with the status a single POST gets.")
            .Accepts<BatchDocument>("application/json")
            .WithMetadata(new RequestSizeLimitAttribute(RequestBody.KestrelLimit(BatchApi.MaxBatchBytes)));
        group.MapGet("/{txId}", Locate).WithName("LocateTransaction").WithSummary("Where a transaction was committed.")
            .ProducesProblem(StatusCodes.Status404NotFound);
        return group;
    }

    /// <summary>
    /// GET /api/transactions: the contract lists no collection here (transactions are read per register), so the
    /// route answers with the submission limits a client needs before it sends anything.
    /// </summary>
    private static Ok<TransactionLimits> Limits() =>
        TypedResults.Ok(new TransactionLimits(MaxTransactionBytes, BatchApi.MaxBatchSize, BatchApi.MaxBatchBytes));

    /// <summary>A batch of one through <see cref="SubmissionPipeline"/>, its item's problem answered as a document of its own.</summary>
    private static async Task<Results<Created<StoredTransaction>, Ok<StoredTransaction>, ValidationProblem, ProblemHttpResult, RetryLater>> Submit(
        HttpRequest request, ClaimsPrincipal user, RegisterStore store, GroupCommitter commits, IOptions<LimitsOptions> limits,
        CancellationToken cancellationToken)
    {
        if (RequestBody.NotJson(request) is { } notJson)
        {
            return notJson;
        }

        if (await RequestBody.ReadAsync(request, MaxTransactionBytes, cancellationToken) is not { } body)
        {
            return ApiProblems.TooLarge("The transaction", MaxTransactionBytes);
        }

        if (!RequestBody.TryParse(body, out var document, out var notParsed))
        {
            return notParsed;
        }

        using (document)
        {
            var (results, parsed) = await SubmissionPipeline.RunAsync([document.RootElement], new WriteRights(user, store), commits,
                limits.Value.Indexes.MaxRecipients);
            return results[0] switch
            {
                { Status: StatusCodes.Status201Created } created => TypedResults.Created(
                    $"/api/registers/{parsed[0]!.RegisterId}/transactions/{parsed[0]!.TxId}", created.Transaction),
                { Problem: null } existing => TypedResults.Ok(existing.Transaction),

                // Each type is the status's default, as the answers of this route always had (a batch item names its own).
                { Problem: { Errors: { } errors } } => TypedResults.ValidationProblem(errors),
                // The store did not acknowledge: 503 with Retry-After, as every 503 of the platform.
                { Problem: { Status: StatusCodes.Status503ServiceUnavailable } problem } => new RetryLater(problem.Status, problem.Title, problem.Detail ?? ""),
                { Problem: { } problem } => ApiProblems.Problem(problem.Status, problem.Title, problem.Detail),
            };
        }
    }

    private static async Task<Results<Ok<TransactionLocation>, ValidationProblem, ProblemHttpResult>> Locate(string txId, RegisterStore store)
    {
        if (!LowerHex.IsHash(txId))
        {
            return TypedResults.ValidationProblem(new Dictionary<string, string[]>
            {
                ["txId"] = ["txId must be 64 lowercase hex characters (SHA-256)."],
            });
        }

        return await store.LocateAsync(txId) is { } location
            ? TypedResults.Ok(new TransactionLocation(txId, location.RegisterId, location.Sequence))
            : ApiProblems.NotFound($"No committed transaction has the txId '{txId}'.", "Transaction not found");
    }
}
