using Sorcha.Blueprint.Engine.Json;

namespace Sorcha.Blueprint.Engine.Schema;

/// <summary>
/// Where evaluation is in the instance and where errors go. A quiet scope (no error list) lets keywords stop at
/// the first failure and never builds pointer strings, which is what the valid-data fast path runs on. Every scope of
/// one validation shares the request's budget.
/// </summary>
internal readonly record struct EvaluationScope(string Pointer, List<ValidationError>? Errors, int Depth, WorkBudget Budget)
{
    public bool Collecting => Errors is not null;

    public static EvaluationScope CreateQuiet(WorkBudget budget) => new(string.Empty, null, 0, budget);

    public static EvaluationScope CreateCollecting(List<ValidationError> errors, WorkBudget budget) => new(string.Empty, errors, 0, budget);

    public EvaluationScope Property(string name) => Errors is null ? this : this with { Pointer = JsonPointer.Append(Pointer, name) };

    public EvaluationScope Item(int index) => Errors is null ? this : this with { Pointer = JsonPointer.Append(Pointer, index) };

    /// <summary>Same location, errors discarded: for anyOf/oneOf/not/if/contains, where a failing branch is not itself an error.</summary>
    public EvaluationScope Quiet() => this with { Errors = null };

    public EvaluationScope Deeper() => this with { Depth = Depth + 1 };

    /// <summary>An error, counted as output: data failing everywhere must not build an unbounded list.</summary>
    public void Report(string message)
    {
        if (Errors is not null)
        {
            Budget.Produce(Pointer.Length + message.Length);
            Errors.Add(new ValidationError(Pointer, message));
        }
    }
}
