using Microsoft.AspNetCore.Http.HttpResults;
using Sorcha.Ledger.Transactions;
using Sorcha.ServiceDefaults.Api;
using Sorcha.ServiceDefaults.Problems;

namespace Sorcha.Transaction.Service.Transactions;

/// <summary>The answers a submission can get besides success, shared by the single and the batch endpoint.</summary>
public static class TransactionProblems
{
    public const string RejectedTitle = "Transaction rejected";
    public const string UnknownRegisterTitle = "Unknown register";
    public const string UnavailableTitle = "Commit unavailable";

    public static Dictionary<string, string[]> Errors(IReadOnlyList<FieldError> errors)
    {
        var fields = new FieldErrors();
        foreach (var error in errors)
        {
            fields.Add(error.Field, error.Message);
        }

        return fields.ToDictionary();
    }

    public static string UnknownRegisterDetail(string registerId) => $"unknown register: no register has the id '{registerId}'.";

    public static string UnavailableDetail => "The register store did not acknowledge the commit; retry (resubmitting is idempotent).";

    public static ProblemHttpResult Rejected(string reason) =>
        ApiProblems.Unprocessable(reason, RejectedTitle);

    public static ProblemHttpResult UnknownRegister(string registerId) =>
        ApiProblems.Unprocessable(UnknownRegisterDetail(registerId), UnknownRegisterTitle);

    /// <summary>An item problem as the top-level answer of a single submission.</summary>
    public static ProblemHttpResult ToResult(ItemProblem problem) =>
        ApiProblems.Problem(problem.Status, problem.Title, problem.Detail, problem.Type);

    /// <summary>A batch item the store did not acknowledge.</summary>
    public static ItemProblem UnavailableItem() => Item(StatusCodes.Status503ServiceUnavailable, UnavailableTitle, UnavailableDetail);

    public static ProblemHttpResult Unavailable() =>
        ApiProblems.Unavailable(UnavailableDetail, UnavailableTitle);

    /// <summary>Failures that mean "Redis did not acknowledge": the client may retry; anything else is a bug and stays a 500.</summary>
    public static bool IsStoreFailure(Exception e) =>
        e is StackExchange.Redis.RedisException or TimeoutException or Registers.Store.AppendConflictException;

    public static ItemProblem Item(int status, string title, string? detail, IDictionary<string, string[]>? errors = null) =>
        new(TypeFor(status), title, status, detail, errors);

    private static string TypeFor(int status) => status switch
    {
        400 => "https://tools.ietf.org/html/rfc9110#section-15.5.1",
        403 => "https://tools.ietf.org/html/rfc9110#section-15.5.4",
        413 => "https://tools.ietf.org/html/rfc9110#section-15.5.14",
        422 => "https://tools.ietf.org/html/rfc9110#section-15.5.21",
        _ => "https://tools.ietf.org/html/rfc9110#section-15.6.4",
    };
}
