using System.Text.Json.Nodes;

namespace Sorcha.Blueprint.Engine.Logic.Operators;

/// <summary>
/// merge, and the iterating operators map, filter, reduce, all, none, some. The iterating ones evaluate their second
/// argument once per element with that element as the data (reduce: {"current", "accumulator"}); a first argument
/// that is not an array behaves as json-logic-js does (map/filter → [], reduce → initial, all → false, none → true).
/// </summary>
internal static class ArrayOperators
{
    public static IEnumerable<LogicOperator> All()
    {
        yield return LogicOperator.EagerWithBudget("merge", 0, -1, Merge);
        yield return new LogicOperator("map", 2, 2, Map);
        yield return new LogicOperator("filter", 2, 2, Filter);
        yield return new LogicOperator("reduce", 2, 3, Reduce);
        yield return new LogicOperator("all", 2, 2, All);
        yield return new LogicOperator("none", 2, 2, (args, data, scope) => JsValue.Bool(Filter(args, data, scope).Count == 0));
        yield return new LogicOperator("some", 2, 2, (args, data, scope) => JsValue.Bool(Filter(args, data, scope).Count > 0));
    }

    /// <summary>Flattens one level: arrays are concatenated, other values appended.</summary>
    private static JsonArray Merge(JsonNode?[] args, WorkBudget budget)
    {
        var result = new JsonArray();
        foreach (var arg in args)
        {
            if (arg is JsonArray array)
            {
                foreach (var item in array)
                {
                    result.Add(budget.Detach(item));
                }
            }
            else
            {
                result.Add(budget.Detach(arg));
            }
        }

        budget.Produce(result.Count);
        return result;
    }

    private static JsonArray Map(LogicNode[] args, JsonNode? data, LogicScope scope)
    {
        var result = new JsonArray();
        if (args[0].Evaluate(data, scope) is JsonArray source)
        {
            foreach (var item in source)
            {
                result.Add(scope.Budget.Detach(args[1].Evaluate(item, scope)));
            }
        }

        scope.Budget.Produce(result.Count);
        return result;
    }

    private static JsonArray Filter(LogicNode[] args, JsonNode? data, LogicScope scope)
    {
        var result = new JsonArray();
        if (args[0].Evaluate(data, scope) is JsonArray source)
        {
            foreach (var item in source)
            {
                if (JsValue.Truthy(args[1].Evaluate(item, scope)))
                {
                    result.Add(scope.Budget.Detach(item));
                }
            }
        }

        scope.Budget.Produce(result.Count);
        return result;
    }

    private static JsonNode? Reduce(LogicNode[] args, JsonNode? data, LogicScope scope)
    {
        var accumulator = args.Length > 2 ? args[2].Evaluate(data, scope) : null;
        if (args[0].Evaluate(data, scope) is not JsonArray source)
        {
            return accumulator;
        }

        foreach (var item in source)
        {
            var step = new JsonObject
            {
                ["current"] = scope.Budget.Detach(item),
                ["accumulator"] = scope.Budget.Detach(accumulator),
            };
            scope.Budget.Produce(2);
            accumulator = args[1].Evaluate(step, scope);
        }

        return accumulator;
    }

    private static JsonNode All(LogicNode[] args, JsonNode? data, LogicScope scope)
    {
        if (args[0].Evaluate(data, scope) is not JsonArray { Count: > 0 } source)
        {
            return JsValue.Bool(false);
        }

        foreach (var item in source)
        {
            if (!JsValue.Truthy(args[1].Evaluate(item, scope)))
            {
                return JsValue.Bool(false);
            }
        }

        return JsValue.Bool(true);
    }
}
