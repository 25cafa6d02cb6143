using System.Text.Json.Nodes;

namespace Sorcha.Blueprint.Service.Templates;

/// <summary>A template as stored: what was posted, who created it and when.</summary>
public sealed record TemplateRecord(
    string Id,
    string Title,
    string? Description,
    JsonNode Parameters,
    JsonObject Template,
    string Owner,
    DateTimeOffset CreatedAt);

/// <summary>POST /api/templates: <c>parameters</c> is a JSON Schema for what instantiate takes; <c>template</c> a blueprint with JSON-e expressions.</summary>
public sealed record CreateTemplateRequest(string? Title, string? Description, JsonNode? Parameters, JsonNode? Template);

/// <summary>POST /api/templates/{id}/instantiate: the values the template's expressions see (checked against its parameters schema).</summary>
public sealed record InstantiateTemplateRequest(JsonNode? Parameters);

/// <summary>A template as answered. The creator's id is not shown: only the creator sees it anyway.</summary>
public sealed record TemplateDto(string Id, string Title, string? Description, JsonNode Parameters, JsonObject Template,
    DateTimeOffset CreatedAt)
{
    public static TemplateDto From(TemplateRecord r) => new(r.Id, r.Title, r.Description, r.Parameters, r.Template, r.CreatedAt);
}
