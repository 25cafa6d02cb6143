using System.Text.Json.Nodes;

namespace Sorcha.Blueprint.Engine.Logic.Operators;

/// <summary>==, ===, !=, !==, and the relational operators; &lt; and &lt;= also take three arguments ("between").</summary>
internal static class ComparisonOperators
{
    public static IEnumerable<LogicOperator> All()
    {
        yield return LogicOperator.Eager("==", 2, 2, args => JsValue.Bool(JsValue.LooseEquals(args[0], args[1])));
        yield return LogicOperator.Eager("===", 2, 2, args => JsValue.Bool(JsValue.StrictEquals(args[0], args[1])));
        yield return LogicOperator.Eager("!=", 2, 2, args => JsValue.Bool(!JsValue.LooseEquals(args[0], args[1])));
        yield return LogicOperator.Eager("!==", 2, 2, args => JsValue.Bool(!JsValue.StrictEquals(args[0], args[1])));
        yield return LogicOperator.Eager(">", 2, 2, args => JsValue.Bool(JsValue.Compare(args[0], args[1]) > 0));
        yield return LogicOperator.Eager(">=", 2, 2, args => JsValue.Bool(JsValue.Compare(args[0], args[1]) >= 0));
        yield return LogicOperator.Eager("<", 2, 3, args => Chain(args, c => c < 0));
        yield return LogicOperator.Eager("<=", 2, 3, args => Chain(args, c => c <= 0));
    }

    /// <summary>{"&lt;": [a, b, c]} is a &lt; b &amp;&amp; b &lt; c. An unordered pair (NaN) is false, as in JS.</summary>
    private static JsonNode Chain(JsonNode?[] args, Func<int, bool> accept)
    {
        for (var i = 0; i < args.Length - 1; i++)
        {
            if (JsValue.Compare(args[i], args[i + 1]) is not int c || !accept(c))
            {
                return JsValue.Bool(false);
            }
        }

        return JsValue.Bool(true);
    }
}
