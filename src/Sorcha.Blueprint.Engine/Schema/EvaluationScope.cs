using Sorcha.Blueprint.Engine.Json;

namespace Sorcha.Blueprint.Engine.Schema;

/// <summary>
/// Where evaluation is in the instance and where errors go. A quiet scope (no error list) lets keywords stop at
/// the first failure and never builds pointer strings, which is what the valid-data fast path runs on.
/// </summary>
internal readonly record struct EvaluationScope(string Pointer, List<ValidationError>? Errors, int Depth)
{
    public bool Collecting => Errors is not null;

    public static EvaluationScope CreateQuiet() => new(string.Empty, null, 0);

    public static EvaluationScope CreateCollecting(List<ValidationError> errors) => new(string.Empty, errors, 0);

    public EvaluationScope Property(string name) => Errors is null ? this : this with { Pointer = JsonPointer.Append(Pointer, name) };

    public EvaluationScope Item(int index) => Errors is null ? this : this with { Pointer = JsonPointer.Append(Pointer, index) };

    /// <summary>Same location, errors discarded: for anyOf/oneOf/not/if/contains, where a failing branch is not itself an error.</summary>
    public EvaluationScope Quiet() => this with { Errors = null };

    public EvaluationScope Deeper() => this with { Depth = Depth + 1 };

    public void Report(string message) => Errors?.Add(new ValidationError(Pointer, message));
}
