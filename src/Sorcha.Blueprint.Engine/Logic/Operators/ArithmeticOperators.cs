using System.Text.Json.Nodes;
using Sorcha.Blueprint.Engine.Json;

namespace Sorcha.Blueprint.Engine.Logic.Operators;

/// <summary>
/// +, -, *, /, %, max, min. "+" and "*" convert with parseFloat and "-", "/", "%", max, min with Number(), matching
/// json-logic-js; anything that is not a finite number comes out as null (JSON has no NaN or Infinity).
/// </summary>
internal static class ArithmeticOperators
{
    public static IEnumerable<LogicOperator> All()
    {
        yield return LogicOperator.Eager("+", 1, -1, args => Fold(args, LogicMath.Add));
        yield return LogicOperator.Eager("*", 1, -1, args => Fold(args, LogicMath.Multiply));
        yield return LogicOperator.Eager("-", 1, 2, Subtract);
        yield return LogicOperator.Eager("/", 2, 2, args => LogicMath.Divide(JsValue.ToNumber(args[0]), JsValue.ToNumber(args[1])).ToNode());
        yield return LogicOperator.Eager("%", 2, 2, args => LogicMath.Remainder(JsValue.ToNumber(args[0]), JsValue.ToNumber(args[1])).ToNode());
        yield return LogicOperator.Eager("max", 1, -1, args => Extreme(args, wantLarger: true));
        yield return LogicOperator.Eager("min", 1, -1, args => Extreme(args, wantLarger: false));
    }

    private static JsonNode? Fold(JsonNode?[] args, Func<JsonNumber, JsonNumber, JsonNumber> combine)
    {
        var total = JsValue.ParseFloat(args[0]);
        for (var i = 1; i < args.Length; i++)
        {
            total = combine(total, JsValue.ParseFloat(args[i]));
        }

        return total.ToNode();
    }

    private static JsonNode? Subtract(JsonNode?[] args) =>
        args.Length == 1
            ? LogicMath.Negate(JsValue.ToNumber(args[0])).ToNode()
            : LogicMath.Subtract(JsValue.ToNumber(args[0]), JsValue.ToNumber(args[1])).ToNode();

    private static JsonNode? Extreme(JsonNode?[] args, bool wantLarger)
    {
        var best = JsValue.ToNumber(args[0]);
        for (var i = 1; i < args.Length; i++)
        {
            var candidate = JsValue.ToNumber(args[i]);
            // Math.max/min are NaN if any argument is NaN.
            if (JsonNumber.Compare(candidate, best) is not int c)
            {
                return null;
            }

            if (wantLarger ? c > 0 : c < 0)
            {
                best = candidate;
            }
        }

        return best.ToNode();
    }
}
