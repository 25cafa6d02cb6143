using System.Text.Json.Nodes;

namespace Sorcha.Blueprint.Engine.Execution;

using Sorcha.Blueprint.Engine.Model;

/// <summary>
/// The execution helpers behind /api/execution/* and instance actions. Pure (no I/O, same input → same output);
/// compiled actions come from the shared <see cref="CompiledActionCache"/>. Register as a singleton.
/// Every method throws <see cref="InvalidBlueprintException"/> if the action cannot be compiled.
/// </summary>
public sealed class BlueprintEngine(CompiledActionCache cache)
{
    public BlueprintEngine()
        : this(new CompiledActionCache())
    {
    }

    public CompiledAction Compile(Blueprint blueprint, BlueprintAction action) => cache.GetOrCompile(blueprint, action);

    public DataValidationResult Validate(Blueprint blueprint, BlueprintAction action, JsonNode? data) =>
        Compile(blueprint, action).Validate(data);

    public JsonObject Calculate(Blueprint blueprint, BlueprintAction action, JsonNode? data) =>
        Compile(blueprint, action).Calculate(data);

    public RouteResult Route(Blueprint blueprint, BlueprintAction action, JsonNode? data) =>
        Compile(blueprint, action).Route(data);

    public IReadOnlyDictionary<string, JsonObject> Disclose(Blueprint blueprint, BlueprintAction action, JsonNode? data) =>
        Compile(blueprint, action).Disclose(data);

    /// <summary>
    /// Validate → calculate → route → disclose, as an instance action runs. Routing and disclosure see the data after
    /// calculation, so a condition can test a calculated total and participants receive calculated fields.
    /// </summary>
    public ActionResult Process(Blueprint blueprint, BlueprintAction action, JsonNode? data)
    {
        var compiled = Compile(blueprint, action);
        var validation = compiled.Validate(data);
        if (!validation.Valid)
        {
            return new ActionResult(validation, null, null, null);
        }

        var calculated = compiled.Calculate(data);
        return new ActionResult(validation, calculated, compiled.Route(calculated), compiled.Disclose(calculated));
    }
}
