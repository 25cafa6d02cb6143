namespace Sorcha.Blueprint.Engine.Model;

/// <summary>
/// A multi-party workflow, shaped exactly as api.md's Blueprint JSON. Collections default to empty so that JSON missing
/// them still yields a usable object; <see cref="Execution.BlueprintValidator"/> decides whether it is publishable.
/// </summary>
public sealed record Blueprint
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
