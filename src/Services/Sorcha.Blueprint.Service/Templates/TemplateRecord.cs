using System.Text.Json.Nodes;
using Sorcha.Contracts.Templates;

namespace Sorcha.Blueprint.Service.Templates;

/// <summary>A template as stored: what was posted, who created it and when.</summary>
public sealed record TemplateRecord(
    string Id,
    string Title,
    string? Description,
    JsonNode Parameters,
    JsonObject Template,
    string Owner,
    DateTimeOffset CreatedAt)
{
    /// <summary>As answered. The creator's id is not shown: only the creator sees it anyway.</summary>
    public TemplateDto ToDto() => new(Id, Title, Description, Parameters, Template, CreatedAt);
}
