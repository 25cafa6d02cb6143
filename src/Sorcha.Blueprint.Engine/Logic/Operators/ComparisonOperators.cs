using System.Text.Json.Nodes;

namespace Sorcha.Blueprint.Engine.Logic.Operators;

/// <summary>
/// ==, ===, !=, !==, &lt;, &lt;=, &gt;, &gt;=, each over two or more arguments chained pairwise ({"&lt;": [a, b, c]} is
/// a &lt; b &amp;&amp; b &lt; c) and lazily: evaluation stops at the first pair that fails.
/// </summary>
internal static class ComparisonOperators
{
    public static IEnumerable<LogicOperator> All()
    {
        yield return Chained("==", JsValue.LooseEquals);
        yield return Chained("===", JsValue.StrictEquals);
        yield return Chained("!=", (a, b) => !JsValue.LooseEquals(a, b));
        yield return Chained("!==", (a, b) => !JsValue.StrictEquals(a, b));
        yield return Chained(">", (a, b) => JsValue.Compare(a, b) > 0);
        yield return Chained(">=", (a, b) => JsValue.Compare(a, b) >= 0);
        yield return Chained("<", (a, b) => JsValue.Compare(a, b) < 0);
        yield return Chained("<=", (a, b) => JsValue.Compare(a, b) <= 0);
    }

    private static LogicOperator Chained(string name, Func<JsonNode?, JsonNode?, bool> holds) =>
        new(name, 2, -1, (args, data, scope) =>
        {
            var left = args[0].Evaluate(data, scope);
            for (var i = 1; i < args.Length; i++)
            {
                var right = args[i].Evaluate(data, scope);
                if (!holds(left, right))
                {
                    return JsValue.Bool(false);
                }

                left = right;
            }

            return JsValue.Bool(true);
        }) { NeedsArray = true };
}
