using System.Text.Json.Nodes;

namespace Sorcha.Gateway.OpenApi;

/// <summary>
/// The merged document (/openapi/sorcha.json): every route of the gateway and the four services in one file, for
/// clients that generate from a single document. Paths never overlap (each service owns its prefixes); a component
/// schema two documents name alike but define differently is kept twice, the later one prefixed with its service.
/// </summary>
public static class OpenApiMerge
{
    private const string SchemaRef = "#/components/schemas/";

    /// <param name="documents">The gateway's own document first (its info, servers and security head the result).</param>
    public static JsonObject Merge(IReadOnlyList<(string Service, JsonObject Document)> documents)
    {
        var head = documents[0].Document;
        var merged = new JsonObject
        {
            ["openapi"] = head["openapi"]?.DeepClone(),
            ["info"] = head["info"]?.DeepClone(),
            ["servers"] = head["servers"]?.DeepClone(),
            ["security"] = head["security"]?.DeepClone(),
            ["paths"] = new JsonObject(),
            ["components"] = new JsonObject(),
            ["tags"] = new JsonArray(),
        };
        merged["info"]!["title"] = "Sorcha API";
        foreach (var (service, source) in documents)
        {
            var document = (JsonObject)source.DeepClone();
            RenameClashingSchemas(document, (JsonObject)merged["components"]!, service);
            foreach (var (path, item) in Members(document["paths"]))
            {
                ((JsonObject)merged["paths"]!).Add(path, item?.DeepClone()); // throws on a route two documents claim
            }

            foreach (var (kind, entries) in Members(document["components"]))
            {
                var target = merged["components"]![kind] as JsonObject ?? (JsonObject)(merged["components"]![kind] = new JsonObject());
                foreach (var (name, value) in Members(entries))
                {
                    target.TryAdd(name, value?.DeepClone());
                }
            }

            var tags = (JsonArray)merged["tags"]!;
            foreach (var tag in document["tags"] as JsonArray ?? [])
            {
                if (!tags.Any(t => t?["name"]?.GetValue<string>() == tag?["name"]?.GetValue<string>()))
                {
                    tags.Add(tag?.DeepClone());
                }
            }
        }

        return merged;
    }

    private static void RenameClashingSchemas(JsonObject document, JsonObject mergedComponents, string service)
    {
        if (document["components"]?["schemas"] is not JsonObject schemas || mergedComponents["schemas"] is not JsonObject taken)
        {
            return;
        }

        // Until nothing clashes: a renamed schema changes the ones that refer to it, which may then clash in turn.
        var prefix = char.ToUpperInvariant(service[0]) + service[1..];
        var renamed = new HashSet<string>(StringComparer.Ordinal);
        string? clash;
        while ((clash = schemas.Select(s => s.Key).FirstOrDefault(name => !renamed.Contains(name)
            && taken.TryGetPropertyValue(name, out var existing) && !JsonNode.DeepEquals(existing, schemas[name]))) is not null)
        {
            var value = schemas[clash];
            schemas.Remove(clash);
            schemas.Add(prefix + clash, value);
            renamed.Add(prefix + clash);
            RewriteRefs(document, SchemaRef + clash, SchemaRef + prefix + clash);
        }
    }

    private static void RewriteRefs(JsonNode? node, string from, string to)
    {
        if (node is JsonObject obj)
        {
            if (obj["$ref"] is JsonValue reference && reference.GetValue<string>() == from)
            {
                obj["$ref"] = to;
            }

            foreach (var (_, child) in obj.ToList())
            {
                RewriteRefs(child, from, to);
            }
        }
        else if (node is JsonArray array)
        {
            foreach (var child in array)
            {
                RewriteRefs(child, from, to);
            }
        }
    }

    private static IEnumerable<KeyValuePair<string, JsonNode?>> Members(JsonNode? node) => node as JsonObject ?? [];
}
