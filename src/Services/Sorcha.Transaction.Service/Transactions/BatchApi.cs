using System.Runtime.InteropServices;
using System.Security.Claims;
using System.Text.Json;
using Microsoft.AspNetCore.Http.HttpResults;
using Sorcha.Ledger.Transactions;
using Sorcha.Registers.Store;
using Sorcha.ServiceDefaults.Api;
using Sorcha.ServiceDefaults.Problems;
using Sorcha.Transaction.Service.Commit;

namespace Sorcha.Transaction.Service.Transactions;

/// <summary>
/// POST /api/transactions/batch <c>{ "transactions": [...] }</c>. The request as a whole is 400 (not an object, no
/// array, more than <see cref="MaxBatchSize"/> items) or 413 (body over <see cref="MaxBatchBytes"/>); otherwise 200
/// with one result per item, in order, each carrying the status a single POST would have had.
/// </summary>
public static class BatchApi
{
    public const int MaxBatchSize = 1000;

    public const int MaxBatchBytes = 16 * 1024 * 1024;

    internal static async Task<Results<Ok<BatchResponse>, ValidationProblem, ProblemHttpResult>> Submit(
        HttpRequest request, ClaimsPrincipal user, RegisterStore store, GroupCommitter commits, CancellationToken cancellationToken)
    {
        if (RequestBody.NotJson(request) is { } notJson)
        {
            return notJson;
        }

        if (await RequestBody.ReadAsync(request, MaxBatchBytes, cancellationToken) is not { } body)
        {
            return ApiProblems.TooLarge("The batch", MaxBatchBytes);
        }

        JsonDocument document;
        try
        {
            document = JsonDocument.Parse(body);
        }
        catch (JsonException e)
        {
            return TypedResults.ValidationProblem(new Dictionary<string, string[]> { ["$"] = [$"is not valid JSON: {e.Message}"] });
        }

        using (document)
        {
            if (document.RootElement.ValueKind != JsonValueKind.Object
                || !document.RootElement.TryGetProperty("transactions", out var array) || array.ValueKind != JsonValueKind.Array)
            {
                return TypedResults.ValidationProblem(new Dictionary<string, string[]>
                {
                    ["transactions"] = ["the body must be an object whose transactions member is an array of Transaction."],
                });
            }

            if (UnexpectedMembers(document.RootElement) is { } unexpected)
            {
                return TypedResults.ValidationProblem(unexpected);
            }

            var count = array.GetArrayLength();
            if (count is 0 or > MaxBatchSize)
            {
                return TypedResults.ValidationProblem(new Dictionary<string, string[]>
                {
                    ["transactions"] = [$"transactions must hold 1 to {MaxBatchSize} items (got {count})."],
                });
            }

            return TypedResults.Ok(new BatchResponse(await CommitAsync([.. array.EnumerateArray()], new WriteRights(user, store), commits)));
        }
    }

    /// <summary>
    /// The envelope is as strict as a transaction: a member other than <c>transactions</c>, or <c>transactions</c> twice
    /// (JsonDocument would silently take one of them), is 400 naming it.
    /// </summary>
    private static Dictionary<string, string[]>? UnexpectedMembers(JsonElement root)
    {
        var errors = new FieldErrors();
        var seen = 0;
        foreach (var member in root.EnumerateObject())
        {
            if (member.NameEquals("transactions"u8))
            {
                if (++seen == 2)
                {
                    errors.Add("transactions", "appears more than once");
                }
            }
            else
            {
                errors.Add(member.Name, "is not a batch member (the batch is { \"transactions\": [...] })");
            }
        }

        return errors.Any ? errors.ToDictionary() : null;
    }

    /// <summary>Parses and checks every item in parallel across cores, then commits the good ones together.</summary>
    private static async Task<BatchItemResult[]> CommitAsync(JsonElement[] items, WriteRights rights, GroupCommitter commits)
    {
        var results = new BatchItemResult?[items.Length];
        var parsed = new ParsedTransaction?[items.Length];
        Parallel.For(0, items.Length, i => results[i] = Check(items[i], out parsed[i]));
        for (var i = 0; i < items.Length; i++)
        {
            if (parsed[i] is { } transaction)
            {
                try
                {
                    if (await rights.CheckAsync(transaction) is { } refused)
                    {
                        (results[i], parsed[i]) = (Failed(refused), null);
                    }
                }
                catch (Exception e) when (TransactionProblems.IsStoreFailure(e))
                {
                    (results[i], parsed[i]) = (Failed(TransactionProblems.UnavailableItem()), null);
                }
            }
        }

        var accepted = Enumerable.Range(0, items.Length).Where(i => parsed[i] is not null).ToArray();
        var tasks = commits.SubmitMany([.. accepted.Select(i => parsed[i]!)]);
        for (var k = 0; k < accepted.Length; k++)
        {
            results[accepted[k]] = await ToResultAsync(parsed[accepted[k]]!, tasks[k]);
        }

        return results!;
    }

    private static BatchItemResult? Check(JsonElement item, out ParsedTransaction? transaction)
    {
        transaction = null;
        if (JsonMarshal.GetRawUtf8Value(item).Length > TransactionsApi.MaxTransactionBytes)
        {
            return Failed(TransactionProblems.Item(StatusCodes.Status413PayloadTooLarge, "Payload too large",
                $"The transaction is larger than the limit of {TransactionsApi.MaxTransactionBytes} bytes."));
        }

        if (!TransactionParser.TryParse(item, out var parsed, out var errors))
        {
            return Failed(TransactionProblems.Item(StatusCodes.Status400BadRequest, "One or more validation errors occurred.", null,
                TransactionProblems.Errors(errors)));
        }

        if (TransactionChecks.Verify(parsed) is { } reason)
        {
            return Failed(TransactionProblems.Item(StatusCodes.Status422UnprocessableEntity, TransactionProblems.RejectedTitle, reason));
        }

        transaction = parsed;
        return null;
    }

    private static async Task<BatchItemResult> ToResultAsync(ParsedTransaction transaction, Task<AppendedTransaction?> commit)
    {
        try
        {
            return await commit switch
            {
                null => Failed(TransactionProblems.Item(StatusCodes.Status422UnprocessableEntity, TransactionProblems.UnknownRegisterTitle,
                    TransactionProblems.UnknownRegisterDetail(transaction.RegisterId))),
                { Status: AppendStatus.Created } created => new BatchItemResult(StatusCodes.Status201Created, created.Transaction, null),
                { } existing => new BatchItemResult(StatusCodes.Status200OK, existing.Transaction, null),
            };
        }
        catch (Exception e) when (TransactionProblems.IsStoreFailure(e))
        {
            return Failed(TransactionProblems.UnavailableItem());
        }
    }

    private static BatchItemResult Failed(ItemProblem problem) => new(problem.Status, null, problem);
}
