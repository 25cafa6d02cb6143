// PLACEHOLDER: replaced by the evaluator branch
using System.Text;
using System.Text.Json;
using System.Text.Json.Nodes;
using System.Text.RegularExpressions;

namespace Sorcha.Blueprint.Engine.Templates;

/// <summary>
/// PLACEHOLDER for the JSON-e evaluator: only <c>${name}</c> interpolation of top-level context values in strings,
/// <c>{"$eval": "name"}</c>, and the <c>$$</c> escape of object keys (any other <c>$identifier</c> key is an error, as
/// JSON-e says). Enough for the template service and its tests until the real evaluator is merged.
/// </summary>
public static partial class JsonE
{
    public static JsonNode? Render(JsonNode? template, JsonObject context, WorkBudget budget)
    {
        ArgumentNullException.ThrowIfNull(context);
        ArgumentNullException.ThrowIfNull(budget);
        budget.Step();
        switch (template)
        {
            case JsonObject obj when obj.ContainsKey("$eval"):
                if (obj.Count != 1 || obj["$eval"] is not JsonValue v || !v.TryGetValue<string>(out var name))
                {
                    throw new JsonETemplateException("$eval must be the only key and a string");
                }

                return budget.Copy(Lookup(context, name.Trim()));
            case JsonObject obj:
                var result = new JsonObject();
                foreach (var (key, value) in obj)
                {
                    string renderedKey;
                    if (key.StartsWith("$$", StringComparison.Ordinal))
                    {
                        renderedKey = key[1..];
                    }
                    else if (key.StartsWith('$') && Identifier().IsMatch(key[1..]))
                    {
                        throw new JsonETemplateException($"{key}: $<identifier> is reserved; use $$<identifier>");
                    }
                    else
                    {
                        renderedKey = Interpolate(key, context);
                    }

                    budget.Produce(renderedKey.Length);
                    result[renderedKey] = Render(value, context, budget);
                }

                return result;
            case JsonArray array:
                var items = new JsonArray();
                foreach (var item in array)
                {
                    items.Add(Render(item, context, budget));
                }

                return items;
            case JsonValue value when value.GetValueKind() == JsonValueKind.String:
                var text = Interpolate(value.GetValue<string>(), context);
                budget.Produce(text.Length);
                return JsonValue.Create(text);
            default:
                return budget.Copy(template);
        }
    }

    private static JsonNode? Lookup(JsonObject context, string name) =>
        context.TryGetPropertyValue(name, out var found)
            ? found
            : throw new JsonETemplateException($"unknown context value {name}");

    private static string Interpolate(string text, JsonObject context)
    {
        if (!text.Contains('$', StringComparison.Ordinal))
        {
            return text;
        }

        var builder = new StringBuilder();
        for (var i = 0; i < text.Length; i++)
        {
            if (text[i] == '$' && i + 2 < text.Length && text[i + 1] == '$' && text[i + 2] == '{')
            {
                builder.Append("${");
                i += 2;
            }
            else if (text[i] == '$' && i + 1 < text.Length && text[i + 1] == '{')
            {
                var end = text.IndexOf('}', i + 2);
                if (end < 0)
                {
                    throw new JsonETemplateException($"unterminated ${{ in \"{text}\"");
                }

                builder.Append(Stringify(Lookup(context, text[(i + 2)..end].Trim())));
                i = end;
            }
            else
            {
                builder.Append(text[i]);
            }
        }

        return builder.ToString();
    }

    private static string Stringify(JsonNode? value) => value switch
    {
        null => "null",
        JsonValue v when v.GetValueKind() == JsonValueKind.String => v.GetValue<string>(),
        JsonValue v => v.ToJsonString(),
        _ => throw new JsonETemplateException("interpolation of an object or array into a string is not allowed"),
    };

    [GeneratedRegex("^[a-zA-Z_][a-zA-Z0-9_]*$", RegexOptions.CultureInvariant)]
    private static partial Regex Identifier();
}
