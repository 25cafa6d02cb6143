using System.Text.Json.Nodes;
using NetSchema = Json.Schema;

namespace Sorcha.Blueprint.Engine.Schema.Resources;

/// <summary>
/// The JSON Schema 2020-12 metaschemas, so that "$ref": "https://json-schema.org/draft/2020-12/schema" validates a
/// schema without any network. The documents are the ones JsonSchema.Net (pinned in Directory.Packages.props) ships
/// inside its assembly; only their JSON text is taken from it — compiling and evaluating stay ours, under the work
/// budget (docs/dependencies.md). Each is keyed by its own $id.
/// </summary>
internal static class Metaschemas
{
    private const string Prefix = "https://json-schema.org/draft/2020-12/";

    private static readonly Lazy<Dictionary<string, string>> Texts = new(Load);

    /// <summary>A fresh parse each time: a parsed JsonNode fills itself in lazily and is not safe to share across threads.</summary>
    public static bool TryGet(string uri, out JsonNode? document)
    {
        document = null;
        if (!uri.StartsWith(Prefix, StringComparison.Ordinal) || !Texts.Value.TryGetValue(uri, out var text))
        {
            return false;
        }

        document = JsonNode.Parse(text);
        return true;
    }

    private static Dictionary<string, string> Load()
    {
        var texts = new Dictionary<string, string>(StringComparer.Ordinal);
        foreach (var schema in (NetSchema.JsonSchema[])[
                     NetSchema.MetaSchemas.Draft202012, NetSchema.MetaSchemas.Core202012, NetSchema.MetaSchemas.Applicator202012,
                     NetSchema.MetaSchemas.Unevaluated202012, NetSchema.MetaSchemas.Validation202012, NetSchema.MetaSchemas.Metadata202012,
                     NetSchema.MetaSchemas.FormatAnnotation202012, NetSchema.MetaSchemas.FormatAssertion202012, NetSchema.MetaSchemas.Content202012])
        {
            // The document as JsonSchema.Net read it from its embedded resource, not a re-serialization of its model.
            var source = schema.Root.Source;
            var id = source.GetProperty("$id").GetString();
            if (id is null || !id.StartsWith(Prefix, StringComparison.Ordinal))
            {
                throw new InvalidOperationException($"JsonSchema.Net shipped a 2020-12 metaschema with the $id '{id}'.");
            }

            texts[id] = source.GetRawText();
        }

        return texts;
    }
}
