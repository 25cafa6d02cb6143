using System.Text.Json.Nodes;

namespace Sorcha.Blueprint.Engine.Logic;

/// <summary>
/// One JSON Logic operation: its name, the argument counts accepted at publish time (MaxArgs -1 = unbounded) and the
/// implementation, which receives the unevaluated arguments so that if/and/or/map/… can evaluate lazily.
/// </summary>
internal sealed record LogicOperator(string Name, int MinArgs, int MaxArgs, Func<LogicNode[], JsonNode?, int, JsonNode?> Apply)
{
    /// <summary>An operator whose arguments are all evaluated first (most of them).</summary>
    public static LogicOperator Eager(string name, int minArgs, int maxArgs, Func<JsonNode?[], JsonNode?> apply) =>
        new(name, minArgs, maxArgs, (args, data, depth) => apply(EvaluateAll(args, data, depth)));

    /// <summary>An eager operator that also needs the current data (var, missing, missing_some).</summary>
    public static LogicOperator EagerWithData(string name, int minArgs, int maxArgs, Func<JsonNode?[], JsonNode?, JsonNode?> apply) =>
        new(name, minArgs, maxArgs, (args, data, depth) => apply(EvaluateAll(args, data, depth), data));

    public string Arity => MaxArgs < 0 ? $"at least {MinArgs}" : MinArgs == MaxArgs ? $"exactly {MinArgs}" : $"{MinArgs} to {MaxArgs}";

    private static JsonNode?[] EvaluateAll(LogicNode[] args, JsonNode? data, int depth)
    {
        var values = new JsonNode?[args.Length];
        for (var i = 0; i < args.Length; i++)
        {
            values[i] = args[i].Evaluate(data, depth + 1);
        }

        return values;
    }
}
