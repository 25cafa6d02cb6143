using System.Text.Json;
using System.Text.Json.Nodes;
using Sorcha.Blueprint.Engine;
using Sorcha.Blueprint.Engine.Execution;
using Sorcha.Blueprint.Engine.Schema;
using Sorcha.Blueprint.Engine.Templates;
using Sorcha.Blueprint.Service.Blueprints;
using Sorcha.Contracts.Blueprints;
using Sorcha.Contracts.Execution;

namespace Sorcha.Blueprint.Service.Templates;

/// <summary>
/// Instantiating a template, on one work budget: the parameters against the template's schema, the JSON-e rendering
/// with the parameters as its context (at the top level, as the original Sorcha's templates read them: <c>${lender}</c>),
/// then the result against the blueprint's shape and the publish rules, so a template only yields blueprints that would
/// publish. Every problem found is kept, so one 422 lists them all: <c>/parameters/…</c> points into the parameters,
/// <c>/template</c> is an evaluation error, <c>/result/…</c> points into the blueprint the template produced. A budget
/// refusal is thrown (<see cref="BudgetExceededException"/>) and answered as the execution routes answer it. No I/O.
/// </summary>
public static class TemplateRendering
{
    public static (BlueprintDocument? Blueprint, IReadOnlyList<ValidationError> Problems) Render(
        TemplateRecord template, JsonObject parameters, WorkBudget budget, JsonSerializerOptions json)
    {
        var problems = new List<ValidationError>();
        try
        {
            problems.AddRange(JsonSchema.Compile(template.Parameters).Evaluate(parameters, budget)
                .Select(p => p with { Pointer = "/parameters" + p.Pointer }));
        }
        catch (InvalidSchemaException e)
        {
            // Checked at POST; kept for templates stored by an engine that accepted more.
            problems.AddRange(e.Problems.Select(p => p with { Pointer = "/parameters" }));
        }

        JsonNode? rendered;
        try
        {
            rendered = JsonE.Render(template.Template, (JsonObject)parameters.DeepClone(), budget);
        }
        catch (JsonETemplateException e)
        {
            problems.Add(new("/template", "the template cannot be evaluated: " + e.Message));
            return (null, problems);
        }

        var blueprint = Result(rendered, json, problems);
        return (problems.Count == 0 ? blueprint : null, problems);
    }

    /// <summary>The rendered document as a blueprint, adding to <paramref name="problems"/> what keeps it from publishing.</summary>
    private static BlueprintDocument? Result(JsonNode? rendered, JsonSerializerOptions json, List<ValidationError> problems)
    {
        if (rendered is not JsonObject || JsonNesting.TooDeep(rendered))
        {
            problems.Add(new("/result", rendered is JsonObject ? "the result " + JsonNesting.Message : "the result must be a JSON object (a blueprint)."));
            return null;
        }

        var bytes = JsonSerializer.SerializeToUtf8Bytes(rendered, json);
        if (bytes.LongLength > BlueprintShape.MaxDocumentBytes)
        {
            problems.Add(new("/result", $"the result is {bytes.LongLength:N0} bytes of JSON; a blueprint is at most {BlueprintShape.MaxDocumentBytes:N0}."));
            return null;
        }

        BlueprintDocument? blueprint;
        try
        {
            blueprint = JsonSerializer.Deserialize<BlueprintDocument>(bytes, json);
        }
        catch (JsonException e)
        {
            problems.Add(new("/result", $"the result is not a blueprint ({e.Path}): {e.Message}"));
            return null;
        }

        var shape = BlueprintShape.Check(blueprint).ToDictionary();
        problems.AddRange(shape.SelectMany(e => e.Value.Select(m => new ValidationError("/result" + e.Key, m))));
        if (shape.Count == 0)
        {
            problems.AddRange(BlueprintValidator.Validate(blueprint!).Select(p => p with { Pointer = "/result" + p.Pointer }));
        }

        return blueprint;
    }
}
