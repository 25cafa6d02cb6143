using System.Text.Json;
using System.Text.Json.Nodes;
using Sorcha.Client;
using Sorcha.Contracts.Blueprints;

namespace Sorcha.Web.Designer;

/// <summary>
/// The blueprint being designed, held as its JSON document (a <see cref="JsonObject"/>) rather than the contract's
/// records: each editor changes only the member it shows, so whatever else the document holds stays exactly as it was
/// read, and a member the contract does not know is reported (<see cref="DraftChecks"/>) instead of silently dropped.
/// </summary>
public sealed class BlueprintDraft
{
    // Written for people (an export, a template's body): indented, and "<" as itself, not \u003C.
    private static readonly JsonSerializerOptions Indented = new() { WriteIndented = true, Encoder = System.Text.Encodings.Web.JavaScriptEncoder.UnsafeRelaxedJsonEscaping };

    public BlueprintDraft(JsonObject root) => Root = root;

    public JsonObject Root { get; }

    public JsonArray Participants => Array(Root, "participants");

    public JsonArray Actions => Array(Root, "actions");

    public static BlueprintDraft From(BlueprintDocument document) =>
        new((JsonObject)JsonSerializer.SerializeToNode(document, SorchaJsonContext.Default.BlueprintDocument)!);

    /// <summary>A pasted or uploaded document; throws <see cref="JsonException"/> with the parser's words if it is not a JSON object.</summary>
    public static BlueprintDraft Parse(string json) =>
        new(JsonNode.Parse(json, documentOptions: new() { MaxDepth = 64 }) as JsonObject
            ?? throw new JsonException("A blueprint is a JSON object ({ \"title\", \"participants\", \"actions\" })."));

    /// <summary>The contract's record for the API; throws <see cref="JsonException"/> where a member has the wrong type.</summary>
    public BlueprintDocument ToDocument() =>
        Root.Deserialize(SorchaJsonContext.Default.BlueprintDocument) ?? throw new JsonException("The document is null.");

    public string ToJson() => Root.ToJsonString(Indented);

    public BlueprintDraft Clone() => new((JsonObject)Root.DeepClone());

    /// <summary>The array member <paramref name="name"/> of <paramref name="owner"/>, created empty when absent.</summary>
    public static JsonArray Array(JsonObject owner, string name)
    {
        if (owner[name] is JsonArray array)
        {
            return array;
        }

        var created = new JsonArray();
        owner[name] = created;
        return created;
    }

    public static string Text(JsonObject? owner, string name) =>
        owner?[name] is JsonValue value && value.TryGetValue<string>(out var text) ? text : string.Empty;
}
