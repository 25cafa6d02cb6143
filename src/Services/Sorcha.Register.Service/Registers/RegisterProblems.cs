using System.Globalization;
using System.Text.Json;
using Sorcha.Ledger;
using Sorcha.Ledger.Tombstones;
using Microsoft.AspNetCore.Http.HttpResults;
using Sorcha.ApiPlatform.Limits;
using Sorcha.ApiPlatform.Problems;

namespace Sorcha.Register.Service.Registers;

public static class RegisterProblems
{
    /// <summary>404, also for another caller's register on the owner's routes (PATCH, archive, delete): a stranger learns nothing.</summary>
    public static ProblemHttpResult NotFound(string id) => ApiProblems.NotFound($"No register has the id '{id}'.", "Register not found");

    /// <summary>
    /// 410 with the tombstone as a member (<c>tombstone</c>), serialized by the ledger's own JSON so that it is
    /// byte for byte what was signed over, whatever the service's JSON settings.
    /// </summary>
    public static ProblemHttpResult Gone(Tombstone tombstone) => TypedResults.Problem(
        $"Register '{tombstone.RegisterId}' was deleted at {tombstone.DeletedAt}; its tombstone holds its final docket head, signed with the register's key.",
        statusCode: StatusCodes.Status410Gone, title: "Register deleted",
        extensions: new Dictionary<string, object?> { ["tombstone"] = JsonSerializer.SerializeToElement(tombstone, LedgerJsonContext.Default.Tombstone) });

    /// <summary>409: a delete of a register that still takes transactions.</summary>
    public static ProblemHttpResult NotArchived(string id) => ApiProblems.Conflict(
        $"Register '{id}' is not archived. Only an archived register can be deleted: archive it first (POST /api/registers/{id}/archive).",
        "Register not archived");

    public static ProblemHttpResult NotSealed(string id) => ApiProblems.Conflict(
        $"Register '{id}' is archived but its final docket is not sealed yet; retry in a second.", "Final docket not sealed");

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
