using Sorcha.Blueprint.Engine.Model;
using BlueprintModel = Sorcha.Blueprint.Engine.Model.Blueprint;

namespace Sorcha.Blueprint.Service.Blueprints;

/// <summary>
/// A blueprint as stored: the document plus who created it and when. <see cref="Sequence"/> orders the listing.
/// <see cref="PublishedVersion"/> is the latest version published (frozen under BlueprintKeys.Version), which new
/// instances start on; the document itself may be a later draft. Records stored before versions existed lack it.
/// </summary>
public sealed record BlueprintRecord(
    BlueprintModel Blueprint,
    string Owner,
    long Sequence,
    DateTimeOffset CreatedAt,
    DateTimeOffset UpdatedAt,
    DateTimeOffset? PublishedAt,
    int? PublishedVersion = null)
{
    /// <summary>The version new instances start on, or null if none was ever published.</summary>
    public int? LivePublishedVersion => PublishedVersion ?? (Blueprint.Published ? Blueprint.Version : null);
}

/// <summary>One entry of GET /api/blueprints/{id}/versions.</summary>
public sealed record BlueprintVersionEntry(int Version, DateTimeOffset PublishedAt);

/// <summary>api.md's Blueprint plus its timestamps. The creator's id is not shown: callers are opaque to each other.</summary>
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
    public static BlueprintDto From(BlueprintRecord r) => new(r.Blueprint.Id, r.Blueprint.Title, r.Blueprint.Description,
        r.Blueprint.Version, r.Blueprint.Published, r.Blueprint.Participants, r.Blueprint.Actions, r.CreatedAt, r.UpdatedAt,
        r.PublishedAt, r.LivePublishedVersion);
}
