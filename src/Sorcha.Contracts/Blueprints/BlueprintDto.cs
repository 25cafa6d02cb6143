namespace Sorcha.Contracts.Blueprints;

/// <summary>
/// A blueprint as answered: api.md's Blueprint plus its timestamps and <see cref="PublishedVersion"/>, the latest
/// version published (new instances start on it; null if none). The creator's id is not shown: callers are opaque to
/// each other.
/// </summary>
public sealed record BlueprintDto(
    string Id,
    string Title,
    string? Description,
    int Version,
    bool Published,
    IReadOnlyList<Participant> Participants,
    IReadOnlyList<BlueprintAction> Actions,
    DateTimeOffset CreatedAt,
    DateTimeOffset UpdatedAt,
    DateTimeOffset? PublishedAt,
    int? PublishedVersion)
{
    /// <summary>The document without what only the server writes: what a GET, edit, PUT sends back.</summary>
    public BlueprintDocument ToDocument() => new()
    {
        Id = Id, Title = Title, Description = Description, Version = Version, Published = Published,
        Participants = Participants, Actions = Actions,
    };
}

/// <summary>One entry of GET /api/blueprints/{id}/versions.</summary>
public sealed record BlueprintVersionEntry(int Version, DateTimeOffset PublishedAt);
