using System.Text.Json.Nodes;
using Sorcha.Blueprint.Engine;

namespace Sorcha.Web.Forms;

/// <summary>
/// What makes properties of one object required: `required`, and the conditional keywords whose `required` applies
/// only for some data (`if`/`then`/`else`, `dependentRequired`, `dependentSchemas`, and `oneOf`/`anyOf` branches told
/// apart by their `properties`). Evaluated against the object's current data so the marks follow it.
/// </summary>
public abstract record RequiredRule
{
    public static readonly RequiredRule None = new All([]);

    /// <summary>Adds to <paramref name="into"/> the names this rule requires for <paramref name="data"/>.</summary>
    internal abstract void Collect(JsonObject? data, ConditionSchemas conditions, WorkBudget budget, HashSet<string> into);

    /// <summary>Every rule applies (the schema itself, allOf, a resolved $ref).</summary>
    public sealed record All(IReadOnlyList<RequiredRule> Rules) : RequiredRule
    {
        internal override void Collect(JsonObject? data, ConditionSchemas conditions, WorkBudget budget, HashSet<string> into)
        {
            foreach (var rule in Rules)
            {
                rule.Collect(data, conditions, budget, into);
            }
        }
    }

    /// <summary>`required`: always.</summary>
    public sealed record Names(IReadOnlyList<string> Required) : RequiredRule
    {
        internal override void Collect(JsonObject? data, ConditionSchemas conditions, WorkBudget budget, HashSet<string> into) =>
            into.UnionWith(Required);
    }

    /// <summary>`dependentRequired`/`dependentSchemas`: once <paramref name="Trigger"/> is present in the data.</summary>
    public sealed record Dependent(string Trigger, RequiredRule Then) : RequiredRule
    {
        internal override void Collect(JsonObject? data, ConditionSchemas conditions, WorkBudget budget, HashSet<string> into)
        {
            if (data?.ContainsKey(Trigger) == true)
            {
                Then.Collect(data, conditions, budget, into);
            }
        }
    }

    /// <summary>`if`/`then`/`else`: the `if` schema (at <paramref name="IfLocation"/> in the form's schema) decided by the engine.</summary>
    public sealed record Conditional(string IfLocation, RequiredRule Then, RequiredRule Else) : RequiredRule
    {
        internal override void Collect(JsonObject? data, ConditionSchemas conditions, WorkBudget budget, HashSet<string> into) =>
            (conditions.Test(IfLocation, data, budget) ? Then : Else).Collect(data, conditions, budget, into);
    }

    /// <summary>
    /// `oneOf`/`anyOf`: a branch's `required` applies once the data picks that branch alone: it has a value for at least
    /// one of the branch's own `properties`, and each such value passes there (e.g. `decision` = "approve"). While
    /// no branch or several are picked, none is marked: the author has not said which fields the person needs yet.
    /// </summary>
    public sealed record Branches(IReadOnlyList<Branch> Choices) : RequiredRule
    {
        internal override void Collect(JsonObject? data, ConditionSchemas conditions, WorkBudget budget, HashSet<string> into)
        {
            var picked = Choices.Where(b => b.Picks(data, conditions, budget)).Take(2).ToList();
            if (picked.Count == 1)
            {
                picked[0].Rule.Collect(data, conditions, budget, into);
            }
        }
    }

    /// <summary>One branch: its own properties' schemas (name, location in the form's schema) and its rule.</summary>
    public sealed record Branch(IReadOnlyList<(string Name, string Location)> Discriminators, RequiredRule Rule)
    {
        internal bool Picks(JsonObject? data, ConditionSchemas conditions, WorkBudget budget)
        {
            var any = false;
            foreach (var (name, location) in Discriminators)
            {
                if (data is not null && data.TryGetPropertyValue(name, out var value))
                {
                    any = true;
                    if (!conditions.Test(location, value, budget))
                    {
                        return false;
                    }
                }
            }

            return any;
        }
    }
}
