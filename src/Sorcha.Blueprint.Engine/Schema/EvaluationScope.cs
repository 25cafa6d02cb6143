using Sorcha.Blueprint.Engine.Json;
using Sorcha.Contracts.Execution;

namespace Sorcha.Blueprint.Engine.Schema;

/// <summary>
/// Where evaluation is in the instance and where errors go. A quiet scope (no error list) lets keywords stop at
/// the first failure and never builds pointer strings, which is what the valid-data fast path runs on. Every scope of
/// one validation shares the request's budget. <see cref="Evaluated"/> collects annotations for unevaluated* (null
/// when none is in force) and <see cref="Dynamic"/> is the dynamic scope for $dynamicRef (null when none exists).
/// </summary>
internal readonly record struct EvaluationScope(
    string Pointer, List<ValidationError>? Errors, int Depth, WorkBudget Budget, EvaluatedLocations? Evaluated = null, DynamicScope? Dynamic = null)
{
    public bool Collecting => Errors is not null;

    public static EvaluationScope CreateQuiet(WorkBudget budget, DynamicScope? dynamic) => new(string.Empty, null, 0, budget, null, dynamic);

    public static EvaluationScope CreateCollecting(List<ValidationError> errors, WorkBudget budget, DynamicScope? dynamic) =>
        new(string.Empty, errors, 0, budget, null, dynamic);

    /// <summary>A property's value: another instance, so the annotations collected here do not apply to it.</summary>
    public EvaluationScope Property(string name) => this with
    {
        Pointer = Errors is null ? Pointer : JsonPointer.Append(Pointer, name),
        Evaluated = null,
    };

    public EvaluationScope Item(int index) => this with
    {
        Pointer = Errors is null ? Pointer : JsonPointer.Append(Pointer, index),
        Evaluated = null,
    };

    /// <summary>Same location, errors discarded: for anyOf/oneOf/not/if/contains, where a failing branch is not itself an error.</summary>
    public EvaluationScope Quiet() => this with { Errors = null };

    /// <summary>Same location, no annotations kept ("not": what its subschema evaluated never counts).</summary>
    public EvaluationScope Unannotated() => this with { Errors = null, Evaluated = null };

    /// <summary>
    /// An error, counted as output: data failing everywhere must not build an unbounded list.
    /// </summary>
    public void Report(string message)
    {
        if (Errors is not null)
        {
            Budget.Produce(Pointer.Length + message.Length);
            Errors.Add(new ValidationError(Pointer, message));
        }
    }
}
