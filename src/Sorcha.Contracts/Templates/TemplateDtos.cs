using System.Text.Json.Nodes;

namespace Sorcha.Contracts.Templates;

/// <summary>
/// POST /api/templates: <c>parameters</c> is a JSON Schema for what instantiate takes; <c>template</c> a blueprint with
/// JSON-e expressions. Members are as the contract requires them; a body that leaves one out or nulls it is a 400
/// naming it (the service checks, it does not trust the annotation).
/// </summary>
public sealed record CreateTemplateRequest(string Title, string? Description, JsonNode Parameters, JsonNode Template);

/// <summary>POST /api/templates/{id}/instantiate: the values the template's expressions see (checked against its parameters schema).</summary>
public sealed record InstantiateTemplateRequest(JsonNode Parameters);

/// <summary>A template as answered. The creator's id is not shown: only the creator sees it anyway.</summary>
public sealed record TemplateDto(string Id, string Title, string? Description, JsonNode Parameters, JsonObject Template,
    DateTimeOffset CreatedAt);
