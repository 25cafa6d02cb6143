using System.Text.Json;
using System.Text.Json.Nodes;
using Sorcha.Blueprint.Engine.Json;

namespace Sorcha.Blueprint.Engine.Schema.Keywords;

/// <summary>"type": one name or an array of names; "integer" is any number with a zero fractional part (1.0 included).</summary>
internal sealed class TypeKeyword(string[] types) : IKeyword
{
    private static readonly string[] Known = ["null", "boolean", "object", "array", "number", "string", "integer"];

    public static IKeyword? Create(JsonObject schema, string pointer, SchemaCompiler compiler)
    {
        if (!schema.TryGetPropertyValue("type", out var node))
        {
            return null;
        }

        var at = JsonPointer.Append(pointer, "type");
        var names = node is JsonArray ? compiler.UniqueStrings(node, at, "type") : ReadSingle(node);
        if (names is null || names.Length == 0 || names.Any(n => !Known.Contains(n, StringComparer.Ordinal)))
        {
            compiler.Problem(at, $"'type' must be one of {string.Join(", ", Known)} or a non-empty array of them");
            return null;
        }

        return new TypeKeyword(names);
    }

    public bool Evaluate(JsonNode? instance, in EvaluationScope scope)
    {
        foreach (var type in types)
        {
            if (Matches(instance, type))
            {
                return true;
            }
        }

        scope.Report($"must be of type {string.Join(" or ", types)} but is {NameOf(instance)}");
        return false;
    }

    internal static string NameOf(JsonNode? instance) => JsonEquality.KindOf(instance) switch
    {
        JsonValueKind.Null => "null",
        JsonValueKind.True or JsonValueKind.False => "boolean",
        JsonValueKind.Object => "object",
        JsonValueKind.Array => "array",
        JsonValueKind.Number => JsonNumber.TryRead(instance, out var n) && n.IsInteger ? "integer" : "number",
        JsonValueKind.String => "string",
        _ => "unknown",
    };

    private static bool Matches(JsonNode? instance, string type)
    {
        var kind = JsonEquality.KindOf(instance);
        return type switch
        {
            "null" => kind == JsonValueKind.Null,
            "boolean" => kind is JsonValueKind.True or JsonValueKind.False,
            "object" => kind == JsonValueKind.Object,
            "array" => kind == JsonValueKind.Array,
            "number" => kind == JsonValueKind.Number,
            "string" => kind == JsonValueKind.String,
            "integer" => kind == JsonValueKind.Number && JsonNumber.TryRead(instance, out var n) && n.IsInteger,
            _ => false,
        };
    }

    private static string[]? ReadSingle(JsonNode? node) =>
        node is JsonValue value && value.TryGetValue(out string? name) ? [name] : null;
}
