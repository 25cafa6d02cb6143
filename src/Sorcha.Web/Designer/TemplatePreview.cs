using System.Text.Json.Nodes;
using Sorcha.Blueprint.Engine;
using Sorcha.Blueprint.Engine.Schema;
using Sorcha.Blueprint.Engine.Templates;
using Sorcha.Contracts.Execution;
using Sorcha.Contracts.Templates;

namespace Sorcha.Web.Designer;

/// <summary>
/// What instantiating a template would give, worked out in the page before anything is saved, by the engine the
/// Blueprint service uses: the parameters against the template's schema, JSON-e with the parameters as its context
/// (at the top level, as the service does), then the result's checks as the designer runs them. Pointers follow the
/// service's 422: <c>/parameters/…</c>, <c>/template</c>, <c>/result/…</c>. All on one default work budget; the service
/// decides again when the author saves (POST /instantiate).
/// </summary>
public static class TemplatePreview
{
    public static (BlueprintDraft? Result, IReadOnlyList<ValidationError> Problems) Render(TemplateDto template, JsonObject parameters)
    {
        var budget = new WorkBudget(new EngineLimits());
        var problems = new List<ValidationError>();
        try
        {
            problems.AddRange(JsonSchema.Compile(template.Parameters).Evaluate(parameters, budget).Select(p => p with { Pointer = "/parameters" + p.Pointer }));
            if (JsonE.Render(template.Template, (JsonObject)parameters.DeepClone(), budget) is not JsonObject rendered)
            {
                problems.Add(new("/result", "the result must be a JSON object (a blueprint)."));
                return (null, problems);
            }

            var draft = new BlueprintDraft(rendered);
            problems.AddRange(DraftChecks.Run(draft).Select(p => p with { Pointer = "/result" + p.Pointer }));
            return (draft, problems);
        }
        catch (InvalidSchemaException e)
        {
            problems.AddRange(e.Problems.Select(p => p with { Pointer = "/parameters" }));
        }
        catch (JsonETemplateException e)
        {
            problems.Add(new("/template", "the template cannot be evaluated: " + e.Message));
        }
        catch (BudgetExceededException e)
        {
            problems.Add(new("/template", "the template needs more work than the engine allows: " + e.Message));
        }

        return (null, problems);
    }
}
