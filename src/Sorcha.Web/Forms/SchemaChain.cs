using System.Text.Json.Nodes;

namespace Sorcha.Web.Forms;

/// <summary>
/// A schema and the schemas its `$ref` leads to, followed within the same document ("#/$defs/person"): the layout
/// comes from the last one, annotations from the first that has them. A `$ref` the form does not follow (another
/// document, an anchor, a dangling pointer, a chain longer than a few hops) sets <see cref="Problem"/>.
/// </summary>
internal sealed class SchemaChain
{
    private const int MaxHops = 8;

    private readonly List<JsonObject> _schemas = [];

    public SchemaChain(JsonNode? root, JsonObject start, string location)
    {
        var current = start;
        Location = location;
        _schemas.Add(current);
        while (current.TryGetPropertyValue("$ref", out var reference))
        {
            if (_schemas.Count > MaxHops)
            {
                Problem = $"it is a chain of more than {MaxHops} $ref";
                return;
            }

            if (Follow(root, reference) is not ({ } target, { } at))
            {
                Problem = "it is a $ref the form does not follow (only \"#/…\" within this schema)";
                return;
            }

            current = target;
            Location = at;
            _schemas.Add(current);
        }

        Target = current;
    }

    /// <summary>The schema the layout comes from.</summary>
    public JsonObject Target { get; } = [];

    /// <summary>Its pointer into the whole schema.</summary>
    public string Location { get; }

    public string? Problem { get; }

    /// <summary>The first value of an annotation along the chain, from the referring schema on.</summary>
    public JsonNode? Find(string keyword) =>
        _schemas.Select(s => s.TryGetPropertyValue(keyword, out var v) ? v : null).FirstOrDefault(v => v is not null);

    /// <summary>A local `$ref` ("#" or "#/json/pointer", percent-decoded) resolved in the document, with its location.</summary>
    public static (JsonObject? Target, string? Location) Follow(JsonNode? root, JsonNode? reference)
    {
        if (reference is not JsonValue v || !v.TryGetValue(out string? text) || !text.StartsWith('#'))
        {
            return (null, null);
        }

        string pointer;
        try
        {
            pointer = Uri.UnescapeDataString(text[1..]);
        }
        catch (UriFormatException)
        {
            return (null, null);
        }

        if (pointer.Length > 0 && pointer[0] != '/')
        {
            return (null, null);
        }

        var node = root;
        foreach (var token in pointer.Length == 0 ? [] : pointer[1..].Split('/'))
        {
            var name = token.Replace("~1", "/", StringComparison.Ordinal).Replace("~0", "~", StringComparison.Ordinal);
            node = node switch
            {
                JsonObject o => o.TryGetPropertyValue(name, out var child) ? child : null,
                JsonArray a when int.TryParse(name, out var i) && i >= 0 && i < a.Count => a[i],
                _ => null,
            };
        }

        return node is JsonObject target ? (target, pointer) : (null, null);
    }
}
