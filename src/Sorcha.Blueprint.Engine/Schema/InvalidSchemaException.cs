using Sorcha.Contracts.Execution;

namespace Sorcha.Blueprint.Engine.Schema;

/// <summary>Thrown by <see cref="JsonSchema.Compile"/> for a malformed schema; carries every problem found.</summary>
public sealed class InvalidSchemaException : Exception
{
    public InvalidSchemaException(IReadOnlyList<ValidationError> problems)
        : base($"The schema is invalid: {string.Join("; ", problems.Select(p => $"{(p.Pointer.Length == 0 ? "(root)" : p.Pointer)}: {p.Message}"))}")
    {
        Problems = problems;
    }

    public InvalidSchemaException()
        : this([])
    {
    }

    public InvalidSchemaException(string message)
        : base(message)
    {
        Problems = [];
    }

    public InvalidSchemaException(string message, Exception innerException)
        : base(message, innerException)
    {
        Problems = [];
    }

    public IReadOnlyList<ValidationError> Problems { get; }
}
