using System.Text.Json;
using System.Text.Json.Nodes;

namespace Sorcha.Web.Forms;

/// <summary>Which kind of control a schema is: its choices, its type (declared or implied by its keywords), and what the form cannot lay out.</summary>
public sealed partial class SchemaReader
{
    private static readonly string[] ObjectKeywords = ["properties", "required", "dependentRequired", "dependentSchemas", "minProperties", "maxProperties"];
    private static readonly string[] ArrayKeywords = ["items", "minItems", "maxItems", "contains", "uniqueItems"];
    private static readonly string[] StringKeywords = ["minLength", "maxLength", "pattern", "format"];
    private static readonly string[] NumberKeywords = ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"];

    /// <summary>
    /// Keywords whose part of the data the form has no control for: the part becomes a JSON editor. Everything else
    /// either lays out (see <see cref="Layout"/>) or only constrains the value, which the engine checks.
    /// </summary>
    private static string? Unsupported(JsonObject schema, bool isRoot)
    {
        if (schema.ContainsKey("patternProperties"))
        {
            return "its properties are named by patterns (patternProperties)";
        }

        if (schema.ContainsKey("prefixItems"))
        {
            return "its items are positional (prefixItems)";
        }

        if (schema.ContainsKey("$dynamicRef"))
        {
            return "it uses $dynamicRef";
        }

        return !isRoot && schema.ContainsKey("$id") ? "it is an embedded schema resource ($id)" : null;
    }

    /// <summary>The options of `enum`, of `oneOf`/`anyOf` whose every branch is a `const`, or of a lone non-boolean `const`; null when none.</summary>
    private static List<ChoiceOption>? Choices(JsonObject schema)
    {
        if (schema["enum"] is JsonArray values)
        {
            // One past the bound is enough to know it is over: a huge enum is never copied whole.
            return Scalars(values.Take(MaxOptions + 1).Select(v => (v, (string?)null)));
        }

        foreach (var keyword in (string[])["oneOf", "anyOf"])
        {
            if (schema[keyword] is JsonArray branches && branches.Count > 0 &&
                branches.All(b => b is JsonObject o && o.ContainsKey("const") && o.All(p => p.Key is "const" or "title" or "description" or "$comment")))
            {
                return Scalars(branches.Take(MaxOptions + 1).Select(b => (b!["const"], b["title"] is JsonValue t && t.TryGetValue(out string? s) ? s : null)));
            }
        }

        // A boolean const is a checkbox that must be ticked (consent), not a choice of one.
        return !schema.TryGetPropertyValue("const", out var constant) || IsBoolean(constant) ? null : Scalars([(constant, null)]);
    }

    private static bool IsBoolean(JsonNode? node) => node is JsonValue v && v.TryGetValue(out bool _);

    // Choices are scalars (a select has no way to show an object); any other value makes the whole choice a JSON editor.
    private static List<ChoiceOption>? Scalars(IEnumerable<(JsonNode? Value, string? Title)> values)
    {
        var options = new List<ChoiceOption>();
        foreach (var (value, title) in values)
        {
            if (value is JsonObject or JsonArray)
            {
                return null;
            }

            options.Add(new ChoiceOption(value?.DeepClone(), title ?? Text(value)));
        }

        return options;
    }

    /// <summary>How a scalar reads as an option: a string as itself, anything else as its JSON text.</summary>
    internal static string Text(JsonNode? value) =>
        value is JsonValue v && v.GetValueKind() == JsonValueKind.String ? v.GetValue<string>() : value?.ToJsonString() ?? "null";

    /// <summary>
    /// The type: `type` when it names one (a union with "null" counts as the other type: an empty input removes the
    /// key anyway), else what the keywords imply. Any other union is a JSON editor: one control cannot be two kinds.
    /// </summary>
    private static (string? Type, string? Problem) TypeOf(JsonObject schema)
    {
        switch (schema["type"])
        {
            case JsonValue v when v.TryGetValue(out string? type):
                return (type, null);
            case JsonArray union:
                var types = union.Select(t => t is JsonValue tv && tv.TryGetValue(out string? s) ? s : "?").Where(t => t != "null").Distinct().ToList();
                return types.Count == 1 ? (types[0], null) : (null, "its type is a union of several types");
            case null:
                break;
            default:
                return (null, "its type is not a type name");
        }

        return ObjectKeywords.Any(schema.ContainsKey) ? ("object", null)
            : ArrayKeywords.Any(schema.ContainsKey) ? ("array", null)
            : StringKeywords.Any(schema.ContainsKey) ? ("string", null)
            : NumberKeywords.Any(schema.ContainsKey) ? ("number", null)
            : (null, "it declares no type (any JSON value)");
    }
}
