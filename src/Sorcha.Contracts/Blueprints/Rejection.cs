namespace Sorcha.Contracts.Blueprints;

/// <summary>
/// An action's participant may refuse it with a reason: the instance then goes to <see cref="Next"/> (null = it ends,
/// rejected). An action without one cannot be rejected.
/// </summary>
public sealed record Rejection
{
    public string? Next { get; init; }
}
