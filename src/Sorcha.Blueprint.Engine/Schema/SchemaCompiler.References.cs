using System.Text.Json.Nodes;
using Sorcha.Blueprint.Engine.Json;
using Sorcha.Blueprint.Engine.Schema.Resources;

namespace Sorcha.Blueprint.Engine.Schema;

/// <summary>The dialect check, and resolving $ref/$dynamicRef once every document they name is loaded.</summary>
internal sealed partial class SchemaCompiler
{
    /// <summary>
    /// "$schema" names the dialect: 2020-12, or a custom metaschema in the registry (whose vocabularies are taken to be
    /// 2020-12's). Anything else is refused: an older draft means different rules, and guessing would be silent.
    /// </summary>
    private void CheckDialect(JsonNode? schema, string pointer)
    {
        if (schema is JsonObject obj && obj.TryGetPropertyValue("$schema", out var dialect) &&
            !(dialect is JsonValue v && v.TryGetValue(out string? uri) &&
              (uri.TrimEnd('#') == Draft202012 || (SchemaUri.TryNormalize(uri, out var key) && _registry.TryGet(key, out _)))))
        {
            Problem(JsonPointer.Append(pointer, "$schema"), $"only JSON Schema 2020-12 ({Draft202012}) or a metaschema in the schema registry is supported");
        }
    }

    private void ResolveRefs()
    {
        do
        {
            while (_pendingRefs.TryDequeue(out var pending))
            {
                var (keyword, at, baseUri) = pending;
                if (Locate(keyword.Reference, baseUri, at) is { } target)
                {
                    keyword.Target = CompileSubschema(target.Node, target.Key, target.BaseUri);
                }
            }
        }
        while (BindDynamicAnchors());
    }

    /// <summary>Finds what a reference names, loading a registry document the first time one is named.</summary>
    private SchemaLocation? Locate(string reference, string baseUri, string at)
    {
        if (!SchemaUri.TryResolve(baseUri, reference, out var absolute, out var rawFragment))
        {
            Problem(at, $"'{reference}' is not a URI reference that resolves against the base URI '{baseUri}'");
            return null;
        }

        string fragment;
        try
        {
            // The fragment is URI-encoded (e.g. "%25" for "%"), then a JSON Pointer or an anchor name.
            fragment = Uri.UnescapeDataString(rawFragment);
        }
        catch (UriFormatException)
        {
            Problem(at, $"'{reference}' has a malformed fragment");
            return null;
        }

        var target = _index.Find(absolute, fragment, out var why);
        if (why == SchemaIndex.NotLoaded && _registry.TryGet(absolute, out var document))
        {
            _index.AddDocument(absolute, document, absolute + "#");
            target = _index.Find(absolute, fragment, out why);
        }

        if (target is null)
        {
            Problem(at, why == SchemaIndex.NotLoaded
                ? $"'{reference}' names '{absolute}', which is neither this schema nor a document in the schema registry (schemas are never fetched from the network)"
                : $"'{reference}' does not resolve: {(absolute == SchemaUri.DefaultBase ? "this schema" : $"'{absolute}'")} {why}");
        }

        return target;
    }

    /// <summary>
    /// Compiles, for each $dynamicRef that can jump, every $dynamicAnchor of its name in the loaded resources: the
    /// dynamic scope picks among them when evaluating. True when that compiled something new (which may hold refs).
    /// </summary>
    private bool BindDynamicAnchors()
    {
        var before = _byPointer.Count;
        foreach (var keyword in _dynamicRefs.Where(k => k.Name is not null))
        {
            foreach (var (resource, anchors) in _index.DynamicAnchors)
            {
                if (anchors.TryGetValue(keyword.Name!, out var location))
                {
                    keyword.Candidates[resource] = CompileSubschema(location.Node, location.Key, location.BaseUri);
                }
            }
        }

        return _byPointer.Count != before || _pendingRefs.Count > 0;
    }
}
