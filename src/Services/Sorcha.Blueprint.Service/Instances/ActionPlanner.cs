using System.Text.Json.Nodes;
using Sorcha.ApiPlatform.Limits;
using Sorcha.ApiPlatform.Problems;
using Sorcha.Blueprint.Engine;
using Sorcha.Blueprint.Engine.Execution;
using Sorcha.Blueprint.Service.Attachments;
using Sorcha.Blueprint.Service.Execution;
using Sorcha.Blueprint.Service.Problems;
using Sorcha.Contracts.Blueprints;
using Sorcha.Contracts.Instances;
using Sorcha.Cryptography;

namespace Sorcha.Blueprint.Service.Instances;

/// <summary>
/// validate → calculate → route → disclose on one budget, and the canonical bytes of each participant's share: what the
/// step will record, and who receives each file. Over the budget, data failing the schema, no route → 422, files sealed
/// past their limit → 413 (thrown), all before anything is claimed. No I/O.
/// </summary>
public static class ActionPlanner
{
    public static StepPlan Plan(BlueprintEngine engine, WorkBudget budget, BlueprintDocument blueprint, CheckedAction checkedAction,
        InstanceRecord instance, SubmitActionRequest request, AttachmentOptions attachmentLimits)
    {
        var action = checkedAction.Action;
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
            digest = Digest(request.Data, checkedAction.Files);
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

        var attachments = AttachmentDisclosure.Plan(action, instance.Participants, checkedAction.Files);
        AttachmentChecks.CheckSealed(attachments, attachmentLimits);
        return new StepPlan(action.Id, request.Sender!, result.Route.NextActionId, calculated, shares, digest)
        {
            Attachments = attachments,
        };
    }

    /// <summary>
    /// What tells a retry with the same submission from one with another: the data's canonical bytes, and with files
    /// each one's name, type and hash too (without files the digest is the data's alone, as before files existed).
    /// </summary>
    private static string Digest(JsonNode? data, IReadOnlyList<UploadedFile> files)
    {
        var canonical = Jcs.Canonicalize(data);
        if (canonical.Length > ExecutionApi.MaxDataBytes)
        {
            // The route's body admits the files on top of the data, so the data's own limit is checked here.
            throw ProblemException.Of(ApiProblems.TooLarge("data", ExecutionApi.MaxDataBytes));
        }

        if (files.Count == 0)
        {
            return Hashes.ToHex(Hashes.Sha256(canonical));
        }

        var described = new JsonArray([.. files.Select(f => (JsonNode)new JsonObject
        {
            ["name"] = f.Name, ["contentType"] = f.ContentType, ["sha256"] = f.Sha256,
        })]);
        return Hashes.ToHex(Hashes.Sha256([.. canonical, .. Jcs.Canonicalize(described)]));
    }
}
