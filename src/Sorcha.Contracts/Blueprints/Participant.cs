namespace Sorcha.Contracts.Blueprints;

/// <summary>A role in the workflow (e.g. "manager"); bound to a wallet address per instance, not here.</summary>
public sealed record Participant
{
    public string Id { get; init; } = string.Empty;

    public string Name { get; init; } = string.Empty;
}
