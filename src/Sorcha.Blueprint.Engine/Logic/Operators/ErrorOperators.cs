using System.Text.Json;
using System.Text.Json.Nodes;
using Sorcha.Blueprint.Engine.Json;

namespace Sorcha.Blueprint.Engine.Logic.Operators;

/// <summary>?? (the first non-null argument), throw, and try (the first argument that does not fail).</summary>
internal static class ErrorOperators
{
    // A caught failure costs an exception, far more than one step; charging it keeps try-in-a-loop within the budget.
    private const int CaughtFailureSteps = 16;

    public static IEnumerable<LogicOperator> All()
    {
        yield return new LogicOperator("??", 0, -1, Coalesce);
        yield return LogicOperator.Eager("throw", 1, 1, args => throw Thrown(args[0]));
        yield return new LogicOperator("try", 0, -1, Try);
    }

    private static JsonNode? Coalesce(LogicNode[] args, JsonNode? data, LogicScope scope)
    {
        foreach (var arg in args)
        {
            if (arg.Evaluate(data, scope) is { } value)
            {
                return value;
            }
        }

        return null;
    }

    /// <summary>{"throw": "type"} or {"throw": {"type": …}}: the type names the error; the object is what try hands on.</summary>
    private static JsonLogicException Thrown(JsonNode? value)
    {
        var type = value is JsonObject obj && obj.TryGetPropertyValue("type", out var inner) ? inner : value;
        var name = JsonEquality.KindOf(type) == JsonValueKind.String ? type!.GetValue<string>() : JsValue.ToJsString(type);
        return new JsonLogicException(name, value is JsonObject ? value.DeepClone() : new JsonObject { ["type"] = name });
    }

    /// <summary>
    /// Each argument in turn until one succeeds; the ones after a failure see the error ({"type": …}) as their data,
    /// with the data before it one level up ({"val": [[2], …]}). All failing: the last failure stands. Only rule
    /// failures are caught: running out of budget or being cancelled still ends the evaluation.
    /// </summary>
    private static JsonNode? Try(LogicNode[] args, JsonNode? data, LogicScope scope)
    {
        JsonLogicException? failure = null;
        var current = data;
        var inner = scope;
        foreach (var arg in args)
        {
            try
            {
                return arg.Evaluate(current, inner);
            }
            catch (JsonLogicException e)
            {
                scope.Budget.Steps(CaughtFailureSteps);
                failure = e;
                current = e.Value ?? new JsonObject { ["type"] = e.Type };
                inner = scope.Iterating(data, -1);
            }
        }

        return failure is null ? null : throw failure;
    }
}
