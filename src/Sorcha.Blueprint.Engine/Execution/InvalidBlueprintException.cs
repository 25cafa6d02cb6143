using Sorcha.Contracts.Execution;

namespace Sorcha.Blueprint.Engine.Execution;

/// <summary>
/// Thrown when an action cannot be compiled for execution (a draft with a bad schema, rule, route or pointer).
/// Carries every problem with pointers into the blueprint, like <see cref="BlueprintValidator"/>; the service maps it to 422.
/// </summary>
public sealed class InvalidBlueprintException : Exception
{
    public InvalidBlueprintException(IReadOnlyList<ValidationError> problems)
        : base($"The blueprint cannot be executed: {string.Join("; ", problems.Select(p => $"{p.Pointer}: {p.Message}"))}")
    {
        Problems = problems;
    }

    public InvalidBlueprintException()
        : this([])
    {
    }

    public InvalidBlueprintException(string message)
        : base(message)
    {
        Problems = [];
    }

    public InvalidBlueprintException(string message, Exception innerException)
        : base(message, innerException)
    {
        Problems = [];
    }

    public IReadOnlyList<ValidationError> Problems { get; }
}
