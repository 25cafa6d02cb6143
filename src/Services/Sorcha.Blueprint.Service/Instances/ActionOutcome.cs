using Microsoft.AspNetCore.Http.HttpResults;

namespace Sorcha.Blueprint.Service.Instances;

/// <summary>
/// How an action submission ended, for the handler to map: the committed step, or a refusal decided here. A refusal
/// decided downstream is a ProblemException instead, answered by ServiceDefaults' ProblemExceptionHandler.
/// </summary>
public abstract record ActionOutcome
{
    public static implicit operator ActionOutcome(ProblemHttpResult problem) => new Refused(problem);

    public static implicit operator ActionOutcome(ValidationProblem problem) => new Invalid(problem);

    public sealed record Committed(string RegisterId, SubmitActionResponse Response) : ActionOutcome;

    /// <summary>A malformed body: 400 naming each field.</summary>
    public sealed record Invalid(ValidationProblem Problem) : ActionOutcome;

    public sealed record Refused(ProblemHttpResult Problem) : ActionOutcome;
}
