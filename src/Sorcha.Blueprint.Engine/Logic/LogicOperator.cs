using System.Text.Json.Nodes;

namespace Sorcha.Blueprint.Engine.Logic;

/// <summary>
/// One JSON Logic operation: its name, the argument counts accepted at publish time (MaxArgs -1 = unbounded) and the
/// implementation, which receives the unevaluated arguments so that if/and/or/map/… can evaluate lazily.
/// </summary>
internal sealed record LogicOperator(string Name, int MinArgs, int MaxArgs, Func<LogicNode[], JsonNode?, LogicScope, JsonNode?> Apply)
{
    /// <summary>The same operation over already evaluated arguments; set for eager operators only.</summary>
    public Func<JsonNode?[], JsonNode?, LogicScope, JsonNode?>? ApplyToValues { get; init; }

    /// <summary>
    /// {"+": {"var": "list"}}: a single operation as the argument supplies the argument list at run time (as
    /// json-logic-engine does), checked against the argument counts then ("Invalid Arguments").
    /// </summary>
    public bool Spreads { get; init; }

    /// <summary>Control, iteration and comparison operators take an array of arguments; {"if": 5} is refused.</summary>
    public bool NeedsArray { get; init; }

    /// <summary>Arguments that must not be a literal null ({"map": [null, …]}): refused when compiled.</summary>
    public int[] NotNull { get; init; } = [];

    /// <summary>An operator whose arguments are all evaluated first (most of them).</summary>
    public static LogicOperator Eager(string name, int minArgs, int maxArgs, Func<JsonNode?[], JsonNode?> apply) =>
        WithScope(name, minArgs, maxArgs, (values, _, _) => apply(values));

    /// <summary>An eager operator that builds strings or arrays, and so draws on the budget's output (cat, merge).</summary>
    public static LogicOperator EagerWithBudget(string name, int minArgs, int maxArgs, Func<JsonNode?[], WorkBudget, JsonNode?> apply) =>
        WithScope(name, minArgs, maxArgs, (values, _, scope) => apply(values, scope.Budget));

    /// <summary>An eager operator that also needs the current data (var, missing, missing_some).</summary>
    public static LogicOperator EagerWithData(string name, int minArgs, int maxArgs, Func<JsonNode?[], JsonNode?, WorkBudget, JsonNode?> apply) =>
        WithScope(name, minArgs, maxArgs, (values, data, scope) => apply(values, data, scope.Budget));

    /// <summary>An eager operator that needs the whole scope (val and exists climb out of iterations).</summary>
    public static LogicOperator WithScope(string name, int minArgs, int maxArgs, Func<JsonNode?[], JsonNode?, LogicScope, JsonNode?> apply) =>
        new(name, minArgs, maxArgs, (args, data, scope) => apply(EvaluateAll(args, data, scope), data, scope)) { ApplyToValues = apply };

    public string Arity => MaxArgs < 0 ? $"at least {MinArgs}" : MinArgs == MaxArgs ? $"exactly {MinArgs}" : $"{MinArgs} to {MaxArgs}";

    public bool Accepts(int count) => count >= MinArgs && (MaxArgs < 0 || count <= MaxArgs);

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
