using System.Text.Json.Nodes;

namespace Sorcha.Blueprint.Engine.Logic.Operators;

/// <summary>if / ?:, and, or (lazy, returning the deciding operand as json-logic-js does), !, !!, and log.</summary>
internal static class LogicalOperators
{
    public static IEnumerable<LogicOperator> All()
    {
        yield return new LogicOperator("if", 0, -1, If) { NeedsArray = true };
        yield return new LogicOperator("?:", 3, 3, If) { NeedsArray = true };
        yield return new LogicOperator("and", 0, -1, (args, data, scope) => ShortCircuit(args, data, scope, stopWhenTruthy: false)) { NeedsArray = true };
        yield return new LogicOperator("or", 0, -1, (args, data, scope) => ShortCircuit(args, data, scope, stopWhenTruthy: true)) { NeedsArray = true };
        // With no argument, ! and !! see undefined (falsy), as in json-logic-js.
        yield return LogicOperator.Eager("!", 0, 1, args => JsValue.Bool(!JsValue.Truthy(args.FirstOrDefault())));
        yield return LogicOperator.Eager("!!", 0, 1, args => JsValue.Bool(JsValue.Truthy(args.FirstOrDefault())));
        // json-logic-js logs to the console; a server has no console worth writing rule values to, so it is identity.
        yield return LogicOperator.Eager("log", 1, 1, args => args[0]);
    }

    /// <summary>[cond1, then1, cond2, then2, …, else]: the first truthy condition's value, else the trailing value or null.</summary>
    private static JsonNode? If(LogicNode[] args, JsonNode? data, LogicScope scope)
    {
        var i = 0;
        for (; i < args.Length - 1; i += 2)
        {
            if (JsValue.Truthy(args[i].Evaluate(data, scope)))
            {
                return args[i + 1].Evaluate(data, scope);
            }
        }

        return i == args.Length - 1 ? args[i].Evaluate(data, scope) : null;
    }

    /// <summary>The deciding operand; with no operands at all, false.</summary>
    private static JsonNode? ShortCircuit(LogicNode[] args, JsonNode? data, LogicScope scope, bool stopWhenTruthy)
    {
        JsonNode? current = JsValue.Bool(false);
        foreach (var arg in args)
        {
            current = arg.Evaluate(data, scope);
            if (JsValue.Truthy(current) == stopWhenTruthy)
            {
                return current;
            }
        }

        return current;
    }
}
