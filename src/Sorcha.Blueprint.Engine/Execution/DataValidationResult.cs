namespace Sorcha.Blueprint.Engine.Execution;

/// <summary>The body of POST /api/execution/validate: <c>{ "valid", "errors": [{ "pointer", "message" }] }</c>.</summary>
public sealed record DataValidationResult(bool Valid, IReadOnlyList<ValidationError> Errors)
{
    public static DataValidationResult Success { get; } = new(true, []);
}
