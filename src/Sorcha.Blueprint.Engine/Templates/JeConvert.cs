using System.Text.Json;
using System.Text.Json.Nodes;
using Sorcha.Blueprint.Engine.Json;

namespace Sorcha.Blueprint.Engine.Templates;

/// <summary>Between JsonNode (the caller's context, template literals, the result) and JSON-e values, paid for both ways.</summary>
internal static class JeConvert
{
    /// <summary>A JSON value as a JSON-e value: one step per value read; nesting is checked on the way down.</summary>
    public static object? FromJson(JsonNode? node, Evaluation evaluation, int depth = 0)
    {
        evaluation.Step();
        switch (node)
        {
            case null:
                return null;
            case JsonObject obj:
                JeValues.CheckDepth(depth + 1);
                var properties = new Dictionary<string, object?>(StringComparer.Ordinal);
                foreach (var (name, value) in obj)
                {
                    properties[name] = FromJson(value, evaluation, depth + 1);
                }

                return new JeObject(properties);
            case JsonArray array:
                JeValues.CheckDepth(depth + 1);
                return new JeArray([.. array.Select(item => FromJson(item, evaluation, depth + 1))]);
            default:
                return Scalar(node.AsValue());
        }
    }

    /// <summary>The result as JSON: every value and character counts as output; functions and NaN cannot be written.</summary>
    public static JsonNode? ToJson(object? value, Evaluation evaluation)
    {
        switch (value)
        {
            case null:
                evaluation.Characters(1);
                return null;
            case bool b:
                evaluation.Characters(1);
                return JsonValue.Create(b);
            case double d:
                evaluation.Characters(1);
                return double.IsFinite(d)
                    ? new JsonNumber(d).ToNode()
                    : throw JsonETemplateException.Template($"the result holds {JeValues.Format(d)}, which JSON cannot");
            case string s:
                evaluation.Characters(1 + s.Length);
                return JsonValue.Create(s);
            case JeArray array:
                evaluation.Characters(1);
                return new JsonArray([.. array.Items.Select(item => ToJson(item, evaluation))]);
            case JeObject obj:
                var result = new JsonObject();
                evaluation.Characters(1);
                foreach (var (name, item) in obj.Properties)
                {
                    evaluation.Characters(name.Length);
                    result[name] = ToJson(item, evaluation);
                }

                return result;
            default:
                throw UncalledFunction();
        }
    }

    public static JsonETemplateException UncalledFunction() => JsonETemplateException.Template("evaluated template contained uncalled functions");

    public static object? Scalar(JsonValue value)
    {
        switch (value.GetValueKind())
        {
            case JsonValueKind.True:
                return true;
            case JsonValueKind.False:
                return false;
            case JsonValueKind.Number:
                return JsonNumber.TryRead(value, out var number) ? number.Double : double.NaN;
            case JsonValueKind.String:
                return value.TryGetValue(out string? text) ? text : JsonSerializer.Deserialize<string>(value.ToJsonString());
            default:
                return null;
        }
    }
}
