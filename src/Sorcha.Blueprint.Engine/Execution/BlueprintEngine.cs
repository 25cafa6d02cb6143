using System.Text.Json.Nodes;
using Sorcha.Contracts.Execution;

namespace Sorcha.Blueprint.Engine.Execution;

using Sorcha.Contracts.Blueprints;

/// <summary>
/// The execution helpers behind /api/execution/* and instance actions. Pure (no I/O, same input → same output);
/// compiled actions come from the shared <see cref="CompiledActionCache"/>. Register as a singleton.
/// Every method throws <see cref="InvalidBlueprintException"/> if the action cannot be compiled, and
/// <see cref="BudgetExceededException"/> if the work runs over the budget: one request's calls should share one
/// <see cref="Budget"/>; a call given none gets a budget of its own.
/// </summary>
public sealed class BlueprintEngine(CompiledActionCache cache, EngineLimits limits)
{
    public BlueprintEngine()
        : this(new CompiledActionCache(), new EngineLimits())
    {
    }

    /// <summary>A fresh budget for one request's engine work, which stops (OperationCanceledException) once <paramref name="cancellation"/> fires.</summary>
    public WorkBudget Budget(CancellationToken cancellation = default) => new(limits, cancellation);

    public CompiledAction Compile(BlueprintDocument blueprint, BlueprintAction action) => cache.GetOrCompile(blueprint, action);

    public DataValidationResult Validate(BlueprintDocument blueprint, BlueprintAction action, JsonNode? data, WorkBudget? budget = null) =>
        Compile(blueprint, action).Validate(data, budget ?? Budget());

    public JsonObject Calculate(BlueprintDocument blueprint, BlueprintAction action, JsonNode? data, WorkBudget? budget = null) =>
        Compile(blueprint, action).Calculate(data, budget ?? Budget());

    public RouteResult Route(BlueprintDocument blueprint, BlueprintAction action, JsonNode? data, WorkBudget? budget = null) =>
        Compile(blueprint, action).Route(data, budget ?? Budget());

    public IReadOnlyDictionary<string, JsonObject> Disclose(BlueprintDocument blueprint, BlueprintAction action, JsonNode? data, WorkBudget? budget = null) =>
        Compile(blueprint, action).Disclose(data, budget ?? Budget());

    /// <summary>
    /// Validate → calculate → route → disclose, as an instance action runs, all on one budget. Routing and disclosure
    /// see the data after calculation, so a condition can test a calculated total and participants receive calculated fields.
    /// </summary>
    public ActionResult Process(BlueprintDocument blueprint, BlueprintAction action, JsonNode? data, WorkBudget? budget = null)
    {
        budget ??= Budget();
        var compiled = Compile(blueprint, action);
        var validation = compiled.Validate(data, budget);
        if (!validation.Valid)
        {
            return new ActionResult(validation, null, null, null);
        }

        var calculated = compiled.Calculate(data, budget);
        return new ActionResult(validation, calculated, compiled.Route(calculated, budget), compiled.Disclose(calculated, budget));
    }
}
