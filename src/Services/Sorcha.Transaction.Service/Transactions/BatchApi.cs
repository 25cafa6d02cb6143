using System.Security.Claims;
using System.Text.Json;
using Microsoft.AspNetCore.Http.HttpResults;
using Microsoft.Extensions.Options;
using Sorcha.ApiPlatform.Api;
using Sorcha.ApiPlatform.Limits;
using Sorcha.ApiPlatform.Problems;
using Sorcha.Registers.Store;
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
        HttpRequest request, ClaimsPrincipal user, RegisterStore store, GroupCommitter commits, IOptions<LimitsOptions> limits,
        CancellationToken cancellationToken)
    {
        if (RequestBody.NotJson(request) is { } notJson)
        {
            return notJson;
        }

        if (await RequestBody.ReadAsync(request, MaxBatchBytes, cancellationToken) is not { } body)
        {
            return ApiProblems.TooLarge("The batch", MaxBatchBytes);
        }

        if (!RequestBody.TryParse(body, out var document, out var notParsed))
        {
            return notParsed;
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

            var (results, _) = await SubmissionPipeline.RunAsync([.. array.EnumerateArray()], new WriteRights(user, store), commits,
                limits.Value.Indexes.MaxRecipients);
            return TypedResults.Ok(new BatchResponse(results));
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
}
