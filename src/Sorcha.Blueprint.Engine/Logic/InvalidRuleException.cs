using Sorcha.Contracts.Execution;

namespace Sorcha.Blueprint.Engine.Logic;

/// <summary>Thrown by <see cref="JsonLogicRule.Compile"/> for a malformed rule; carries every problem found.</summary>
public sealed class InvalidRuleException : Exception
{
    public InvalidRuleException(IReadOnlyList<ValidationError> problems)
        : base($"The JSON Logic rule is invalid: {string.Join("; ", problems.Select(p => $"{(p.Pointer.Length == 0 ? "(root)" : p.Pointer)}: {p.Message}"))}")
    {
        Problems = problems;
    }

    public InvalidRuleException()
        : this([])
    {
    }

    public InvalidRuleException(string message)
        : base(message)
    {
        Problems = [];
    }

    public InvalidRuleException(string message, Exception innerException)
        : base(message, innerException)
    {
        Problems = [];
    }

    public IReadOnlyList<ValidationError> Problems { get; }
}
