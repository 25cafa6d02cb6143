using System.Text.Json.Nodes;
using Sorcha.Blueprint.Engine;
using Sorcha.Blueprint.Engine.Execution;
using Sorcha.Blueprint.Engine.Model;
using Sorcha.Blueprint.Service.Problems;
using Sorcha.Cryptography;
using Sorcha.ServiceDefaults.Problems;
using BlueprintModel = Sorcha.Blueprint.Engine.Model.Blueprint;

namespace Sorcha.Blueprint.Service.Instances;

/// <summary>
/// validate → calculate → route → disclose on one budget, and the canonical bytes of each participant's share: what the
/// step will record. Over the budget, data failing the schema, no route → 422 (thrown), all before anything is claimed. No I/O.
/// </summary>
public static class ActionPlanner
{
    public static StepPlan Plan(BlueprintEngine engine, WorkBudget budget, BlueprintModel blueprint, BlueprintAction action,
        InstanceRecord instance, SubmitActionRequest request)
    {
        ActionResult result;
        try
        {
            result = engine.Process(blueprint, action, request.Data, budget);
        }
        catch (InvalidBlueprintException e)
        {
            throw ProblemException.Of(
                EngineProblems.Invalid("The action cannot be executed", "The blueprint's action does not compile.", e.Problems));
        }
        catch (BudgetExceededException e)
        {
            throw ProblemException.Of(EngineProblems.BudgetExceeded(e));
        }

        if (!result.Valid)
        {
            throw ProblemException.Of(EngineProblems.Invalid("The data does not match the action's schema",
                $"{result.Validation.Errors.Count} problem(s); each is listed under errors by its JSON Pointer into the data.",
                result.Validation.Errors));
        }

        if (result.Route!.IsNoMatch)
        {
            throw ProblemException.Of(ApiProblems.Unprocessable(result.Route.Error!, "No route matches"));
        }

        var shares = new List<DisclosedShare>();
        string digest;
        try
        {
            digest = Hashes.ToHex(Hashes.Sha256(Jcs.Canonicalize(request.Data)));
            foreach (var (participant, disclosed) in result.Disclosures!)
            {
                shares.Add(new DisclosedShare(participant, instance.Participants[participant], Jcs.Canonicalize(disclosed)));
            }
        }
        catch (FormatException e)
        {
            throw ProblemException.Of(ApiProblems.Unprocessable($"The data has no canonical JSON form (RFC 8785): {e.Message}"));
        }

        var calculated = new JsonObject();
        foreach (var (field, _) in action.Calculations ?? [])
        {
            calculated[field] = result.Data![field]?.DeepClone();
        }

        return new StepPlan(action.Id, request.Sender!, result.Route.NextActionId, calculated, shares, digest);
    }
}
