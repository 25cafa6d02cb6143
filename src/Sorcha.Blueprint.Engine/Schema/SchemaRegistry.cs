using System.Text.Json.Nodes;
using Sorcha.Blueprint.Engine.Schema.Resources;

namespace Sorcha.Blueprint.Engine.Schema;

/// <summary>
/// The schema documents a $ref may name outside the schema being compiled: the caller fills it (a blueprint's own
/// schemas, test fixtures), and the 2020-12 metaschemas are always in it. Nothing is ever fetched from the network —
/// a server that dereferenced a caller's URL would be an SSRF hole — so an unknown document is a schema problem
/// naming the ref. Fill it before compiling on several threads; compiling only reads it.
/// </summary>
public sealed class SchemaRegistry
{
    private readonly Dictionary<string, JsonNode?> _documents = new(StringComparer.Ordinal);

    /// <summary>Registers a document under an absolute URI (its retrieval URI; any $id inside it is honoured too).</summary>
    public SchemaRegistry Add(string uri, JsonNode? schema)
    {
        if (!SchemaUri.TryNormalize(uri, out var key))
        {
            throw new ArgumentException($"'{uri}' is not an absolute URI.", nameof(uri));
        }

        _documents[key] = schema;
        return this;
    }

    internal bool TryGet(string uri, out JsonNode? document) =>
        _documents.TryGetValue(uri, out document) || Metaschemas.TryGet(uri, out document);
}
