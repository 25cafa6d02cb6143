using Microsoft.OpenApi;
using Sorcha.Contracts.LinkedData;

namespace Sorcha.ApiPlatform.LinkedData;

/// <summary>
/// The OpenAPI schema of a JSON-LD answer: the JSON answer's (a copy: that one stays as it is) with the three keywords
/// added and required. A copy rather than an allOf, as the JSON schemas forbid members they do not name. Made once the
/// document is whole, when the JSON answer's schema is a component to copy.
/// </summary>
internal static class LinkedDataSchemas
{
    public static void Describe(OpenApiDocument document)
    {
        var contents = (document.Paths ?? []).Values.SelectMany(p => p.Operations?.Values.AsEnumerable() ?? [])
            .SelectMany(o => o.Responses?.Values.AsEnumerable() ?? []).Select(r => r.Content).OfType<IDictionary<string, OpenApiMediaType>>();
        foreach (var content in contents)
        {
            // The answers WithLinkedData marked: the JSON answer's schema object, shared (a context document is not one).
            if (content.TryGetValue(LinkedDataContext.MediaType, out var linked) && linked.Schema is { } schema &&
                content.TryGetValue("application/json", out var json) && ReferenceEquals(json.Schema, schema))
            {
                linked.Schema = Of(schema is OpenApiSchemaReference reference ? reference.Target ?? schema : schema);
            }
        }
    }

    private static OpenApiSchema Of(IOpenApiSchema plain)
    {
        var properties = new Dictionary<string, IOpenApiSchema>(plain.Properties ?? new Dictionary<string, IOpenApiSchema>())
        {
            ["@context"] = Uri("The JSON-LD context: the gateway's /api/contexts/v1."),
            ["@id"] = Uri("The document's own URL."),
            ["@type"] = new OpenApiSchema { Type = JsonSchemaType.String, Description = "A type of the context: Blueprint, Instance or Transaction." },
        };
        return new OpenApiSchema
        {
            Type = JsonSchemaType.Object,
            Description = plain.Description,
            Properties = properties,
            Required = new HashSet<string>(plain.Required ?? new HashSet<string>()) { "@context", "@id", "@type" },
            AdditionalPropertiesAllowed = plain.AdditionalPropertiesAllowed,
            AdditionalProperties = plain.AdditionalProperties,
        };
    }

    private static OpenApiSchema Uri(string description) =>
        new() { Type = JsonSchemaType.String, Format = "uri", Description = description };
}
