using Microsoft.AspNetCore.Http.HttpResults;
using Sorcha.ApiPlatform.Limits;
using Sorcha.ApiPlatform.Problems;
using Sorcha.Blueprint.Engine;
using Sorcha.Contracts.Execution;

namespace Sorcha.Blueprint.Service.Problems;

/// <summary>The blueprint engine's refusals as this service's problem documents (the shared <see cref="ApiProblems"/>).</summary>
public static class EngineProblems
{
    /// <summary>
    /// 422 with every problem in <c>errors</c> (pointer → messages), for a blueprint that cannot be published or data
    /// failing its schema.
    /// </summary>
    public static ProblemHttpResult Invalid(string title, string detail, IEnumerable<ValidationError> problems) =>
        ApiProblems.Invalid(title, detail, problems
            .GroupBy(p => p.Pointer, StringComparer.Ordinal)
            .ToDictionary(g => g.Key, g => g.Select(p => p.Message).Distinct().ToArray(), StringComparer.Ordinal));

    /// <summary>
    /// 422 for blueprint work over the request's budget (docs/limits.md, "Work budgets"): the title names the
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
        LimitsTelemetry.WorkBudget(name);
        return ApiProblems.Unprocessable(e.Message, title, new Dictionary<string, object?> { ["budget"] = name });
    }
}
