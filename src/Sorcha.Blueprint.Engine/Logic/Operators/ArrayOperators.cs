using System.Text.Json.Nodes;
using Sorcha.Blueprint.Engine.Json;

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
        yield return LogicOperator.Eager("merge", 0, -1, Merge);
        yield return new LogicOperator("map", 2, 2, Map);
        yield return new LogicOperator("filter", 2, 2, Filter);
        yield return new LogicOperator("reduce", 2, 3, Reduce);
        yield return new LogicOperator("all", 2, 2, All);
        yield return new LogicOperator("none", 2, 2, (args, data, depth) => JsValue.Bool(Filter(args, data, depth).Count == 0));
        yield return new LogicOperator("some", 2, 2, (args, data, depth) => JsValue.Bool(Filter(args, data, depth).Count > 0));
    }

    /// <summary>Flattens one level: arrays are concatenated, other values appended.</summary>
    private static JsonArray Merge(JsonNode?[] args)
    {
        var result = new JsonArray();
        foreach (var arg in args)
        {
            if (arg is JsonArray array)
            {
                foreach (var item in array)
                {
                    result.Add(JsonNodes.Detach(item));
                }
            }
            else
            {
                result.Add(JsonNodes.Detach(arg));
            }
        }

        return result;
    }

    private static JsonArray Map(LogicNode[] args, JsonNode? data, int depth)
    {
        var result = new JsonArray();
        if (args[0].Evaluate(data, depth) is JsonArray source)
        {
            foreach (var item in source)
            {
                result.Add(JsonNodes.Detach(args[1].Evaluate(item, depth)));
            }
        }

        return result;
    }

    private static JsonArray Filter(LogicNode[] args, JsonNode? data, int depth)
    {
        var result = new JsonArray();
        if (args[0].Evaluate(data, depth) is JsonArray source)
        {
            foreach (var item in source)
            {
                if (JsValue.Truthy(args[1].Evaluate(item, depth)))
                {
                    result.Add(JsonNodes.Detach(item));
                }
            }
        }

        return result;
    }

    private static JsonNode? Reduce(LogicNode[] args, JsonNode? data, int depth)
    {
        var accumulator = args.Length > 2 ? args[2].Evaluate(data, depth) : null;
        if (args[0].Evaluate(data, depth) is not JsonArray source)
        {
            return accumulator;
        }

        foreach (var item in source)
        {
            var scope = new JsonObject
            {
                ["current"] = JsonNodes.Detach(item),
                ["accumulator"] = JsonNodes.Detach(accumulator),
            };
            accumulator = args[1].Evaluate(scope, depth);
        }

        return accumulator;
    }

    private static JsonNode All(LogicNode[] args, JsonNode? data, int depth)
    {
        if (args[0].Evaluate(data, depth) is not JsonArray { Count: > 0 } source)
        {
            return JsValue.Bool(false);
        }

        foreach (var item in source)
        {
            if (!JsValue.Truthy(args[1].Evaluate(item, depth)))
            {
                return JsValue.Bool(false);
            }
        }

        return JsValue.Bool(true);
    }
}
