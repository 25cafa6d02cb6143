using System.Globalization;
using Microsoft.AspNetCore.Http.HttpResults;
using Sorcha.ApiPlatform.Limits;
using Sorcha.ApiPlatform.Problems;

namespace Sorcha.Register.Service.Registers;

public static class RegisterProblems
{
    public static ProblemHttpResult NotFound(string id) => ApiProblems.NotFound($"No register has the id '{id}'.", "Register not found");

    public static ProblemHttpResult TransactionNotFound(string id, string txId) =>
        ApiProblems.NotFound($"Register '{id}' has no transaction with the txId '{txId}'.", "Transaction not found");

    /// <summary>
    /// 503 with Retry-After: the register holds transactions from before its indexes and they are being indexed
    /// (Indexes/IndexBackfill); an incomplete answer would look complete, so none is given.
    /// </summary>
    public static RetryLater NotIndexedYet(string id) => new(StatusCodes.Status503ServiceUnavailable, "Index not ready",
        $"Register '{id}' holds transactions from before its indexes; they are being indexed. Retry shortly.");

    /// <summary>422: combined filters whose narrowest index holds more entries than a read may walk (budget "filter").</summary>
    public static ProblemHttpResult FilterOverBudget(long smallest, long budget)
    {
        LimitsTelemetry.WorkBudget("filter");
        return ApiProblems.Unprocessable(
            string.Create(CultureInfo.InvariantCulture, $"The narrowest of the filters matches {smallest:N0} transactions; ") +
            string.Create(CultureInfo.InvariantCulture, $"combining filters may walk at most {budget:N0} (Limits:Indexes:FilterBudget). ") +
            "Use one filter, or a narrower one (instanceId).",
            "Filter budget exceeded", new Dictionary<string, object?> { ["budget"] = "filter", ["limit"] = budget });
    }
}
