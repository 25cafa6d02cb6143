namespace Sorcha.Contracts.Blueprints;

/// <summary>What a participant may see of an action's data: JSON Pointers into it, "/*" meaning all of it.</summary>
public sealed record Disclosure
{
    public string Participant { get; init; } = string.Empty;

    public IReadOnlyList<string> Pointers { get; init; } = [];
}
