using System.Text.Json;
using System.Text.Json.Nodes;
using Sorcha.Blueprint.Engine.Json;

namespace Sorcha.Blueprint.Engine.Logic.Operators;

/// <summary>var, missing, missing_some: reading the data a rule runs against.</summary>
internal static class AccessOperators
{
    public static IEnumerable<LogicOperator> All()
    {
        yield return LogicOperator.EagerWithData("var", 0, 2, (args, data, budget) => Var(data, Arg(args, 0), Arg(args, 1), budget));
        yield return LogicOperator.EagerWithData("missing", 0, -1, MissingKeys);
        yield return LogicOperator.EagerWithData("missing_some", 2, 2, MissingSome);
    }

    /// <summary>
    /// {"var": "a.b.0"}: dot path into objects and arrays; "" or null is the whole data; a missing step yields the
    /// default (or null). A present null is returned as null, not the default, as in json-logic-js.
    /// </summary>
    internal static JsonNode? Var(JsonNode? data, JsonNode? path, JsonNode? fallback, WorkBudget budget)
    {
        var key = JsonEquality.KindOf(path) == JsonValueKind.Null ? string.Empty : JsValue.ToJsString(path);
        if (key.Length == 0)
        {
            // The caller's root has no parent, so later Detach calls could not tell it is borrowed and would
            // attach it to a result array (mutating the caller's tree); hand out a copy instead.
            return data?.Parent is null ? budget.Copy(data) : data;
        }

        var current = data;
        foreach (var segment in key.Split('.'))
        {
            switch (current)
            {
                case JsonObject obj when obj.TryGetPropertyValue(segment, out var child):
                    current = child;
                    break;
                case JsonArray array when int.TryParse(segment, System.Globalization.NumberStyles.None, System.Globalization.CultureInfo.InvariantCulture, out var index) && index < array.Count:
                    current = array[index];
                    break;
                default:
                    return fallback;
            }
        }

        return current;
    }

    private static JsonArray MissingKeys(JsonNode?[] args, JsonNode? data, WorkBudget budget)
    {
        // {"missing": ["a", "b"]} and {"missing": {"merge": [...]}} (one array argument) both list keys.
        IEnumerable<JsonNode?> keys = args is [JsonArray list] ? list : args;
        var missing = new JsonArray();
        foreach (var key in keys)
        {
            var value = Var(data, key, null, budget);
            if (value is null || (value is JsonValue v && v.TryGetValue(out string? text) && text.Length == 0))
            {
                missing.Add(budget.Detach(key));
            }
        }

        budget.Produce(missing.Count);
        return missing;
    }

    /// <summary>{"missing_some": [need, keys]}: [] when at least `need` keys are present, otherwise the missing ones.</summary>
    private static JsonArray MissingSome(JsonNode?[] args, JsonNode? data, WorkBudget budget)
    {
        var need = JsValue.ToNumber(args[0]).Double;
        var keys = args[1] as JsonArray ?? [];
        var missing = MissingKeys([keys], data, budget);
        return keys.Count - missing.Count >= need ? [] : missing;
    }

    private static JsonNode? Arg(JsonNode?[] args, int index) => index < args.Length ? args[index] : null;
}
