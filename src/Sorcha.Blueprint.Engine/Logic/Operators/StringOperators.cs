using System.Text;
using System.Text.Json;
using System.Text.Json.Nodes;
using Sorcha.Blueprint.Engine.Json;

namespace Sorcha.Blueprint.Engine.Logic.Operators;

/// <summary>in, cat, substr. String positions are UTF-16 code units, as in JavaScript.</summary>
internal static class StringOperators
{
    public static IEnumerable<LogicOperator> All()
    {
        yield return LogicOperator.Eager("in", 2, 2, args => JsValue.Bool(In(args[0], args[1])));
        yield return LogicOperator.EagerWithBudget("cat", 0, -1, Cat) with { Spreads = true };
        yield return LogicOperator.Eager("substr", 2, 3, Substr);
    }

    /// <summary>Substring test for a string haystack, strict membership for an array one, false for anything else.</summary>
    private static bool In(JsonNode? needle, JsonNode? haystack)
    {
        switch (haystack)
        {
            case JsonArray array:
                return array.Any(item => JsValue.StrictEquals(needle, item));
            case JsonValue value when value.TryGetValue(out string? text) && text.Length > 0:
                return text.Contains(JsValue.ToJsString(needle), StringComparison.Ordinal);
            default:
                return false;
        }
    }

    private static JsonNode Cat(JsonNode?[] args, WorkBudget budget)
    {
        var builder = new StringBuilder();
        foreach (var arg in args)
        {
            // Charged part by part, so a string that doubles per reduce step stops before it is built, not after.
            // null is "" as in json-logic-js (Array.prototype.join), not String(null).
            var part = arg is null ? string.Empty : JsValue.ToJsString(arg);
            budget.Produce(part.Length);
            builder.Append(part);
        }

        return JsonValue.Create(builder.ToString());
    }

    /// <summary>{"substr": [s, start, length?]}: a negative start counts from the end; a negative length drops that many from the end.</summary>
    private static JsonNode Substr(JsonNode?[] args)
    {
        var text = JsValue.ToJsString(args[0]);
        var start = ToInteger(args[1], text.Length);
        start = start < 0 ? Math.Max(text.Length + start, 0) : Math.Min(start, text.Length);
        var rest = text[start..];
        if (args.Length < 3 || JsonEquality.KindOf(args[2]) == JsonValueKind.Null)
        {
            return JsonValue.Create(rest);
        }

        var length = ToInteger(args[2], text.Length);
        length = length < 0 ? Math.Max(rest.Length + length, 0) : Math.Min(length, rest.Length);
        return JsonValue.Create(rest[..length]);
    }

    // JS ToIntegerOrInfinity, clamped to the string length so huge values cannot overflow an int.
    private static int ToInteger(JsonNode? value, int limit)
    {
        var number = JsValue.ToNumber(value).Double;
        if (double.IsNaN(number))
        {
            return 0;
        }

        return (int)Math.Clamp(Math.Truncate(number), -(double)limit - 1, (double)limit + 1);
    }
}
