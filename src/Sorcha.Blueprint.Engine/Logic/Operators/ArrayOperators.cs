using System.Text.Json.Nodes;

namespace Sorcha.Blueprint.Engine.Logic.Operators;

/// <summary>
/// merge, and the iterating operators map, filter, reduce, all, none, some. The iterating ones evaluate their second
/// argument once per element with that element as the data (reduce: {"current", "accumulator"}); a first argument
/// that is not an array fails the rule ("Invalid Arguments"), where json-logic-js would iterate nothing.
/// </summary>
internal static class ArrayOperators
{
    public static IEnumerable<LogicOperator> All() =>
        Operators().Select(op => op.Name == "merge" ? op : op with { NeedsArray = true });

    private static IEnumerable<LogicOperator> Operators()
    {
        yield return LogicOperator.EagerWithBudget("merge", 0, -1, Merge);
        yield return new LogicOperator("map", 2, 2, Map) { NotNull = [0, 1] };
        yield return new LogicOperator("filter", 2, 2, (args, data, scope) => Filter(args, data, scope, SourceOrEmpty)) { NotNull = [0, 1] };
        yield return new LogicOperator("reduce", 2, 3, Reduce) { NotNull = [0] };
        yield return new LogicOperator("all", 2, 2, All);
        yield return new LogicOperator("none", 2, 2, (args, data, scope) => JsValue.Bool(Filter(args, data, scope, Source).Count == 0));
        yield return new LogicOperator("some", 2, 2, (args, data, scope) => JsValue.Bool(Filter(args, data, scope, Source).Count > 0));
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

    /// <summary>
    /// The array all/none/some test. Anything else fails the rule ("Invalid Arguments"), as in the compat suites:
    /// "all of nothing" would otherwise quietly answer false, and "none of nothing" true.
    /// </summary>
    private static JsonArray Source(LogicNode[] args, JsonNode? data, LogicScope scope) =>
        args[0].Evaluate(data, scope) as JsonArray ?? throw new JsonLogicException(JsonLogicException.InvalidArguments);

    /// <summary>map, filter and reduce over a value that is not an array (a missing list) iterate nothing, as everywhere.</summary>
    private static JsonArray SourceOrEmpty(LogicNode[] args, JsonNode? data, LogicScope scope) =>
        args[0].Evaluate(data, scope) as JsonArray ?? [];

    private static JsonArray Map(LogicNode[] args, JsonNode? data, LogicScope scope)
    {
        var source = SourceOrEmpty(args, data, scope);
        var result = new JsonArray();
        for (var i = 0; i < source.Count; i++)
        {
            result.Add(scope.Budget.Detach(args[1].Evaluate(source[i], scope.Iterating(data, i))));
        }

        scope.Budget.Produce(result.Count);
        return result;
    }

    private static JsonArray Filter(LogicNode[] args, JsonNode? data, LogicScope scope,
        Func<LogicNode[], JsonNode?, LogicScope, JsonArray> sourceOf)
    {
        var source = sourceOf(args, data, scope);
        var result = new JsonArray();
        for (var i = 0; i < source.Count; i++)
        {
            if (JsValue.Truthy(args[1].Evaluate(source[i], scope.Iterating(data, i))))
            {
                result.Add(scope.Budget.Detach(source[i]));
            }
        }

        scope.Budget.Produce(result.Count);
        return result;
    }

    private static JsonNode? Reduce(LogicNode[] args, JsonNode? data, LogicScope scope)
    {
        var source = SourceOrEmpty(args, data, scope);
        var accumulator = args.Length > 2 ? args[2].Evaluate(data, scope) : null;

        for (var i = 0; i < source.Count; i++)
        {
            var step = new JsonObject
            {
                ["current"] = scope.Budget.Detach(source[i]),
                ["accumulator"] = scope.Budget.Detach(accumulator),
            };
            scope.Budget.Produce(2);
            accumulator = args[1].Evaluate(step, scope.Iterating(data, i));
        }

        return accumulator;
    }

    private static JsonNode All(LogicNode[] args, JsonNode? data, LogicScope scope)
    {
        var source = Source(args, data, scope);
        if (source.Count == 0)
        {
            return JsValue.Bool(false);
        }

        for (var i = 0; i < source.Count; i++)
        {
            if (!JsValue.Truthy(args[1].Evaluate(source[i], scope.Iterating(data, i))))
            {
                return JsValue.Bool(false);
            }
        }

        return JsValue.Bool(true);
    }
}
