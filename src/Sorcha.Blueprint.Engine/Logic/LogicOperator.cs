using System.Text.Json.Nodes;

namespace Sorcha.Blueprint.Engine.Logic;

/// <summary>
/// One JSON Logic operation: its name, the argument counts accepted at publish time (MaxArgs -1 = unbounded) and the
/// implementation, which receives the unevaluated arguments so that if/and/or/map/… can evaluate lazily.
/// </summary>
internal sealed record LogicOperator(string Name, int MinArgs, int MaxArgs, Func<LogicNode[], JsonNode?, LogicScope, JsonNode?> Apply)
{
    /// <summary>An operator whose arguments are all evaluated first (most of them).</summary>
    public static LogicOperator Eager(string name, int minArgs, int maxArgs, Func<JsonNode?[], JsonNode?> apply) =>
        new(name, minArgs, maxArgs, (args, data, scope) => apply(EvaluateAll(args, data, scope)));

    /// <summary>An eager operator that builds strings or arrays, and so draws on the budget's output (cat, merge).</summary>
    public static LogicOperator EagerWithBudget(string name, int minArgs, int maxArgs, Func<JsonNode?[], WorkBudget, JsonNode?> apply) =>
        new(name, minArgs, maxArgs, (args, data, scope) => apply(EvaluateAll(args, data, scope), scope.Budget));

    /// <summary>An eager operator that also needs the current data (var, missing, missing_some).</summary>
    public static LogicOperator EagerWithData(string name, int minArgs, int maxArgs, Func<JsonNode?[], JsonNode?, WorkBudget, JsonNode?> apply) =>
        new(name, minArgs, maxArgs, (args, data, scope) => apply(EvaluateAll(args, data, scope), data, scope.Budget));

    public string Arity => MaxArgs < 0 ? $"at least {MinArgs}" : MinArgs == MaxArgs ? $"exactly {MinArgs}" : $"{MinArgs} to {MaxArgs}";

    private static JsonNode?[] EvaluateAll(LogicNode[] args, JsonNode? data, LogicScope scope)
    {
        var values = new JsonNode?[args.Length];
        for (var i = 0; i < args.Length; i++)
        {
            values[i] = args[i].Evaluate(data, scope);
        }

        return values;
    }
}
