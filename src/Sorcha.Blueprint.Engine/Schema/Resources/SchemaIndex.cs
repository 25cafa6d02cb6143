using System.Text.Json.Nodes;
using Sorcha.Blueprint.Engine.Json;

namespace Sorcha.Blueprint.Engine.Schema.Resources;

/// <summary>
/// Every identifier the loaded documents declare: resources ($id, or a document's own URI), $anchor and
/// $dynamicAnchor names, and the base URI of each subschema. Built by walking only the keywords whose values are
/// schemas, so an "$id" inside const or enum data is not an identifier (as the spec requires).
/// </summary>
internal sealed class SchemaIndex
{
    private static readonly string[] SingleSchemas =
        ["additionalProperties", "items", "contains", "propertyNames", "not", "if", "then", "else",
         "unevaluatedItems", "unevaluatedProperties"];

    private static readonly string[] SchemaArrays = ["allOf", "anyOf", "oneOf", "prefixItems"];

    private static readonly string[] SchemaMaps = ["$defs", "properties", "patternProperties", "dependentSchemas"];

    /// <summary>The reason <see cref="Find"/> gives when the document is not loaded (the registry may have it).</summary>
    public const string NotLoaded = "is not loaded";

    private readonly Dictionary<string, SchemaLocation> _resources = new(StringComparer.Ordinal);
    private readonly Dictionary<string, SchemaLocation> _anchors = new(StringComparer.Ordinal);
    private readonly Dictionary<string, SchemaLocation> _byKey = new(StringComparer.Ordinal);

    /// <summary>Per resource URI, its $dynamicAnchor names.</summary>
    public Dictionary<string, Dictionary<string, SchemaLocation>> DynamicAnchors { get; } = new(StringComparer.Ordinal);

    /// <summary>Problems found while indexing (a malformed $id or anchor), as (key, message).</summary>
    public List<(string Key, string Message)> Problems { get; } = [];

    public bool Contains(string uri) => _resources.ContainsKey(uri);

    /// <summary>Indexes a document; <paramref name="keyPrefix"/> is "" for the caller's document, "uri#" otherwise.</summary>
    public void AddDocument(string retrievalUri, JsonNode? root, string keyPrefix)
    {
        var location = Walk(root, keyPrefix, retrievalUri);
        // The retrieval URI names the document even when its $id says otherwise.
        _resources.TryAdd(retrievalUri, location);
    }

    public SchemaLocation? At(string key) => _byKey.GetValueOrDefault(key);

    /// <summary>The schema a resolved reference names, or null (with the reason) when there is none.</summary>
    public SchemaLocation? Find(string absolute, string fragment, out string? why)
    {
        why = null;
        if (!_resources.TryGetValue(absolute, out var resource))
        {
            why = NotLoaded;
            return null;
        }

        if (fragment.Length == 0)
        {
            return resource;
        }

        if (fragment[0] != '/')
        {
            return _anchors.GetValueOrDefault(absolute + "#" + fragment) ?? Missing(out why, $"has no anchor '{fragment}'");
        }

        if (!JsonPointer.TryParse(fragment, out var segments) || !JsonPointer.TryResolve(resource.Node, segments, out var node))
        {
            return Missing(out why, $"has nothing at '{fragment}'");
        }

        var key = resource.Key + string.Concat(segments.Select(s => "/" + JsonPointer.Escape(s)));
        // A pointer into data that is not a walked schema position (rare) keeps the resource's base.
        return _byKey.GetValueOrDefault(key) ?? new SchemaLocation(key, node, resource.BaseUri);
    }

    private static SchemaLocation? Missing(out string? why, string reason)
    {
        why = reason;
        return null;
    }

    private SchemaLocation Walk(JsonNode? node, string key, string baseUri)
    {
        if (node is not JsonObject schema)
        {
            return _byKey[key] = new SchemaLocation(key, node, baseUri);
        }

        if (schema.TryGetPropertyValue("$id", out var id) && id is JsonValue idValue && idValue.TryGetValue(out string? idText))
        {
            if (SchemaUri.TryResolve(baseUri, idText, out var resolved, out var fragment) && fragment.Length == 0)
            {
                baseUri = resolved;
            }
            else
            {
                Problems.Add((JsonPointer.Append(key, "$id"), $"'$id' '{idText}' must be a URI reference without a fragment"));
            }
        }

        var location = _byKey[key] = new SchemaLocation(key, node, baseUri);
        if (schema.ContainsKey("$id"))
        {
            _resources.TryAdd(baseUri, location);
        }

        Anchor(schema, "$anchor", location);
        if (Anchor(schema, "$dynamicAnchor", location) is { } dynamic)
        {
            if (!DynamicAnchors.TryGetValue(baseUri, out var names))
            {
                DynamicAnchors[baseUri] = names = new Dictionary<string, SchemaLocation>(StringComparer.Ordinal);
            }

            names.TryAdd(dynamic, location);
        }

        WalkChildren(schema, key, baseUri);
        return location;
    }

    private void WalkChildren(JsonObject schema, string key, string baseUri)
    {
        foreach (var keyword in SingleSchemas)
        {
            if (schema.TryGetPropertyValue(keyword, out var child))
            {
                Walk(child, JsonPointer.Append(key, keyword), baseUri);
            }
        }

        foreach (var keyword in SchemaArrays)
        {
            if (schema.TryGetPropertyValue(keyword, out var value) && value is JsonArray array)
            {
                for (var i = 0; i < array.Count; i++)
                {
                    Walk(array[i], JsonPointer.Append(JsonPointer.Append(key, keyword), i), baseUri);
                }
            }
        }

        foreach (var keyword in SchemaMaps)
        {
            if (schema.TryGetPropertyValue(keyword, out var value) && value is JsonObject map)
            {
                foreach (var (name, child) in map)
                {
                    Walk(child, JsonPointer.Append(JsonPointer.Append(key, keyword), name), baseUri);
                }
            }
        }
    }

    private string? Anchor(JsonObject schema, string keyword, SchemaLocation location)
    {
        if (!schema.TryGetPropertyValue(keyword, out var value))
        {
            return null;
        }

        if (value is not JsonValue text || !text.TryGetValue(out string? name) || !IsAnchorName(name))
        {
            Problems.Add((JsonPointer.Append(location.Key, keyword), $"'{keyword}' must be a name (a letter or '_', then letters, digits, '-', '.', '_')"));
            return null;
        }

        _anchors.TryAdd(location.BaseUri + "#" + name, location);
        return name;
    }

    private static bool IsAnchorName(string name) =>
        name.Length > 0 && (char.IsAsciiLetter(name[0]) || name[0] == '_') &&
        name.All(c => char.IsAsciiLetterOrDigit(c) || c is '-' or '.' or '_');
}
