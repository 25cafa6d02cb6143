using Sorcha.Contracts.Blueprints;

namespace Sorcha.Blueprint.Service.Blueprints;

/// <summary>
/// A blueprint as stored: the document plus who created it and when. <see cref="Sequence"/> orders the listing.
/// <see cref="PublishedVersion"/> is the latest version published (frozen under BlueprintKeys.Version), which new
/// instances start on; the document itself may be a later draft. Records stored before versions existed lack it.
/// </summary>
public sealed record BlueprintRecord(
    BlueprintDocument Blueprint,
    string Owner,
    long Sequence,
    DateTimeOffset CreatedAt,
    DateTimeOffset UpdatedAt,
    DateTimeOffset? PublishedAt,
    int? PublishedVersion = null)
{
    /// <summary>The version new instances start on, or null if none was ever published.</summary>
    public int? LivePublishedVersion => PublishedVersion ?? (Blueprint.Published ? Blueprint.Version : null);

    /// <summary>As answered: the document plus its timestamps; the creator's id is not shown (callers are opaque to each other).</summary>
    public BlueprintDto ToDto() => new(Blueprint.Id, Blueprint.Title, Blueprint.Description, Blueprint.Version, Blueprint.Published,
        Blueprint.Participants, Blueprint.Actions, CreatedAt, UpdatedAt, PublishedAt, LivePublishedVersion);
}
