namespace Sorcha.Contracts.Blueprints;

/// <summary>
/// A multi-party workflow, shaped exactly as api.md's Blueprint JSON: the body of a create or update, what the service
/// stores and what the engine runs. Collections default to empty so that JSON missing them still yields a usable
/// object; the engine's BlueprintValidator decides whether it is publishable. Its schema keeps the contract's name,
/// "Blueprint"; the C# name must not be that, which is also the namespace Sorcha.Blueprint's.
/// </summary>
[SchemaName("Blueprint")]
public sealed record BlueprintDocument
{
    public string Id { get; init; } = string.Empty;

    public string Title { get; init; } = string.Empty;

    public string? Description { get; init; }

    /// <summary>Bumped by the service on every change; compiled actions are cached per (id, version, action id).</summary>
    public int Version { get; init; }

    public bool Published { get; init; }

    public IReadOnlyList<Participant> Participants { get; init; } = [];

    /// <summary>The first action is where every instance starts.</summary>
    public IReadOnlyList<BlueprintAction> Actions { get; init; } = [];

    public BlueprintAction? FindAction(string actionId) => Actions?.FirstOrDefault(a => a.Id == actionId);
}
