using System.Text.Json.Nodes;
using Sorcha.Blueprint.Engine.Json;
using Sorcha.Blueprint.Engine.Logic;
using Sorcha.Blueprint.Engine.Schema;
using Sorcha.Contracts.Execution;

namespace Sorcha.Blueprint.Engine.Execution;

using Sorcha.Contracts.Blueprints;

/// <summary>
/// One action with its schema, calculations, route conditions and disclosure pointers compiled; immutable and
/// thread-safe, so the cache can share it between requests. Holds no reference to the blueprint's JsonNodes.
/// Evaluation draws on the request's <see cref="WorkBudget"/> (default limits when none is given) and throws
/// <see cref="BudgetExceededException"/> when it runs out.
/// </summary>
public sealed class CompiledAction
{
    private readonly JsonSchema _schema;
    private readonly (string Field, JsonLogicRule Rule, string At)[] _calculations;
    private readonly (JsonLogicRule? Condition, string? Next, string? NextSender, string At)[] _routes;
    private readonly DisclosurePlan[] _disclosures;

    private CompiledAction(
        string actionId,
        JsonSchema schema,
        (string, JsonLogicRule, string)[] calculations,
        (JsonLogicRule?, string?, string?, string)[] routes,
        DisclosurePlan[] disclosures)
    {
        ActionId = actionId;
        _schema = schema;
        _calculations = calculations;
        _routes = routes;
        _disclosures = disclosures;
    }

    public string ActionId { get; }

    /// <summary>Compiles one action of a blueprint; throws <see cref="InvalidBlueprintException"/> listing every problem.</summary>
    public static CompiledAction Compile(BlueprintDocument blueprint, BlueprintAction action)
    {
        var index = (blueprint.Actions ?? []).TakeWhile(a => !ReferenceEquals(a, action)).Count();
        var at = index < (blueprint.Actions?.Count ?? 0) ? $"/actions/{index}" : string.Empty;
        var problems = new List<ValidationError>();

        var schema = Attempt(() => JsonSchema.Compile(action.DataSchema ?? JsonValue.Create(true)), at + "/dataSchema", problems);

        var calculations = new List<(string, JsonLogicRule, string)>();
        foreach (var (field, rule) in action.Calculations ?? new JsonObject())
        {
            var ruleAt = JsonPointer.Append(at + "/calculations", field);
            if (Attempt(() => JsonLogicRule.Compile(rule), ruleAt, problems) is { } compiled)
            {
                calculations.Add((field, compiled, ruleAt));
            }
        }

        var routes = new List<(JsonLogicRule?, string?, string?, string)>();
        var declaredRoutes = action.Routes ?? [];
        for (var j = 0; j < declaredRoutes.Count; j++)
        {
            if (declaredRoutes[j] is not { } route)
            {
                problems.Add(new($"{at}/routes/{j}", "a route must be an object"));
                continue;
            }

            var condition = route.Condition is null ? null : Attempt(() => JsonLogicRule.Compile(route.Condition), $"{at}/routes/{j}/condition", problems);
            string? nextSender = null;
            if (route.Next is not null)
            {
                nextSender = blueprint.FindAction(route.Next)?.Sender;
                if (nextSender is null)
                {
                    problems.Add(new($"{at}/routes/{j}/next", $"route target '{route.Next}' is not an action of this blueprint"));
                }
            }

            routes.Add((condition, route.Next, nextSender, $"{at}/routes/{j}/condition"));
        }

        var disclosures = CompileDisclosures(action, at, problems);
        if (problems.Count > 0)
        {
            throw new InvalidBlueprintException(problems);
        }

        return new CompiledAction(action.Id, schema!, [.. calculations], [.. routes], disclosures);
    }

    public DataValidationResult Validate(JsonNode? data, WorkBudget? budget = null)
    {
        var errors = _schema.Evaluate(data, budget);
        return errors.Count == 0 ? DataValidationResult.Success : new DataValidationResult(false, errors);
    }

    /// <summary>
    /// A copy of the data with each calculated field set at the top level, in declaration order. Each calculation sees
    /// the data plus the results of the calculations before it, so "total" can use an earlier "tax". A calculation
    /// overwrites a submitted field of the same name (the blueprint, not the sender, decides calculated values).
    /// Data that is not an object is treated as {} (validation should already have rejected it). The result nests at
    /// most <see cref="EngineLimits.MaxDepth"/> deep, like the data a caller may send.
    /// </summary>
    public JsonObject Calculate(JsonNode? data, WorkBudget? budget = null)
    {
        budget ??= new WorkBudget();
        var result = data is JsonObject obj ? budget.Copy(obj)!.AsObject() : [];
        foreach (var (field, rule, at) in _calculations)
        {
            result[field] = Run(() => rule.Evaluate(result, budget), at);
        }

        WorkBudget.CheckDepth(result);
        return result;
    }

    /// <summary>The first route whose condition is truthy (no condition = always); no routes at all means finished.</summary>
    public RouteResult Route(JsonNode? data, WorkBudget? budget = null)
    {
        if (_routes.Length == 0)
        {
            return RouteResult.Finished;
        }

        budget ??= new WorkBudget();
        foreach (var (condition, next, nextSender, at) in _routes)
        {
            if (condition is null || Run(() => condition.IsTruthy(data, budget), at))
            {
                return next is null ? RouteResult.Finished : RouteResult.To(next, nextSender!);
            }
        }

        return RouteResult.NoMatch(ActionId);
    }

    /// <summary>Per participant named in the disclosures, an object holding exactly the fields disclosed to them (see DisclosurePlan).</summary>
    public IReadOnlyDictionary<string, JsonObject> Disclose(JsonNode? data, WorkBudget? budget = null)
    {
        budget ??= new WorkBudget();
        var result = new Dictionary<string, JsonObject>(StringComparer.Ordinal);
        foreach (var plan in _disclosures)
        {
            if (!result.TryGetValue(plan.Participant, out var view))
            {
                result[plan.Participant] = view = [];
            }

            plan.ApplyTo(view, data, budget);
        }

        return result;
    }

    private static DisclosurePlan[] CompileDisclosures(BlueprintAction action, string at, List<ValidationError> problems)
    {
        var plans = new List<DisclosurePlan>();
        var declared = action.Disclosures ?? [];
        for (var k = 0; k < declared.Count; k++)
        {
            if (declared[k] is not { } disclosure)
            {
                problems.Add(new($"{at}/disclosures/{k}", "a disclosure must be an object"));
                continue;
            }

            var paths = new List<string[]>();
            var pointers = disclosure.Pointers ?? [];
            for (var p = 0; p < pointers.Count; p++)
            {
                if (pointers[p] == ActionValidator.AllData)
                {
                    paths.Add([]);
                }
                else if (pointers[p] is { } pointer && JsonPointer.TryParse(pointer, out var segments))
                {
                    paths.Add(segments);
                }
                else
                {
                    problems.Add(new($"{at}/disclosures/{k}/pointers/{p}", $"'{pointers[p]}' is not a JSON Pointer"));
                }
            }

            plans.Add(new DisclosurePlan(disclosure.Participant, paths));
        }

        return [.. plans];
    }

    /// <summary>
    /// A rule that fails for this data (JsonLogicException: NaN, invalid arguments, thrown) is a problem at its place in
    /// the blueprint, answered like a draft that cannot execute (422), so that no null is calculated and recorded.
    /// </summary>
    private static T Run<T>(Func<T> evaluate, string at)
    {
        try
        {
            return evaluate();
        }
        catch (JsonLogicException e)
        {
            throw new InvalidBlueprintException([new ValidationError(at + e.Location, $"the rule fails for this data: {e.Message}")]);
        }
    }

    private static T? Attempt<T>(Func<T> compile, string at, List<ValidationError> problems)
        where T : class
    {
        try
        {
            return compile();
        }
        catch (InvalidSchemaException ex)
        {
            problems.AddRange(ex.Problems.Select(p => p with { Pointer = at + p.Pointer }));
        }
        catch (InvalidRuleException ex)
        {
            problems.AddRange(ex.Problems.Select(p => p with { Pointer = at + p.Pointer }));
        }

        return null;
    }
}
