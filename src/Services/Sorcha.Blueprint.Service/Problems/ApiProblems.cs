using Microsoft.AspNetCore.Http.HttpResults;
using Sorcha.Blueprint.Engine;

namespace Sorcha.Blueprint.Service.Problems;

/// <summary>The problem documents this service answers with, so every handler words and types them the same way.</summary>
public static class ApiProblems
{
    public static ProblemHttpResult NotFound(string detail) =>
        TypedResults.Problem(detail, statusCode: StatusCodes.Status404NotFound, title: "Not found");

    public static ProblemHttpResult Forbidden(string detail) =>
        TypedResults.Problem(detail, statusCode: StatusCodes.Status403Forbidden, title: "Forbidden");

    public static ProblemHttpResult Conflict(string detail) =>
        TypedResults.Problem(detail, statusCode: StatusCodes.Status409Conflict, title: "Conflict");

    public static ProblemHttpResult Unprocessable(string detail, string title = "Request refused") =>
        TypedResults.Problem(detail, statusCode: StatusCodes.Status422UnprocessableEntity, title: title);

    /// <summary>
    /// 422 with every problem in <c>errors</c> (pointer → messages), the same member a 400 ValidationProblem uses,
    /// for input that is well-formed JSON but rejected: a blueprint that cannot be published, data failing its schema.
    /// </summary>
    public static ProblemHttpResult Invalid(string title, string detail, IEnumerable<ValidationError> problems) =>
        TypedResults.Problem(new HttpValidationProblemDetails(problems
            .GroupBy(p => p.Pointer, StringComparer.Ordinal)
            .ToDictionary(g => g.Key, g => g.Select(p => p.Message).Distinct().ToArray(), StringComparer.Ordinal))
        {
            Status = StatusCodes.Status422UnprocessableEntity,
            Title = title,
            Detail = detail,
        });

    /// <summary>
    /// 422 for blueprint work over the request's budget (docs/reliability.md, "Work budgets"): the title names the
    /// budget, and so does the <c>budget</c> member ("time", "steps" or "output") for clients that branch on it.
    /// </summary>
    public static ProblemHttpResult BudgetExceeded(BudgetExceededException e)
    {
        var (name, title) = e.Budget switch
        {
            BudgetKind.Time => ("time", "Time budget exceeded"),
            BudgetKind.Steps => ("steps", "Step budget exceeded"),
            _ => ("output", "Output budget exceeded"),
        };
        return TypedResults.Problem(e.Message, statusCode: StatusCodes.Status422UnprocessableEntity, title: title,
            extensions: new Dictionary<string, object?> { ["budget"] = name });
    }

    /// <summary>A 4xx/5xx decided by a downstream call (see Downstream/DownstreamException).</summary>
    public static ProblemHttpResult From(int status, string title, string detail) =>
        TypedResults.Problem(detail, statusCode: status, title: title);
}
