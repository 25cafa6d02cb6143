using Sorcha.Blueprint.Engine.Model;
using Sorcha.Blueprint.Service.Blueprints;
using Sorcha.Cryptography;
using Sorcha.ServiceDefaults.Api;
using Sorcha.ServiceDefaults.Problems;

namespace Sorcha.Blueprint.Service.Instances;

/// <summary>
/// The checks on a submission that need only what was loaded, in the contract's order (docs/api.md, "Blueprints,
/// instances and actions"): unknown instance/action 404, malformed body 400, not the next action 409, sender not bound
/// to the action's participant 403. Pure: no I/O.
/// </summary>
public static class ActionChecks
{
    public const int MaxSenderLength = 128;

    /// <summary>True when the body is well formed enough to ask the Wallet service about its sender.</summary>
    public static bool HasWellFormedSender(SubmitActionRequest request) =>
        request.Sender is { Length: > 0 and <= MaxSenderLength } sender && Addresses.TryParse(sender, out _, out _);

    /// <returns>Null when the submission may go on to the engine; then <paramref name="action"/> is the action to run.</returns>
    public static ActionOutcome? Check(string instanceId, string actionId, SubmitActionRequest request, InstanceState? state,
        BlueprintRecord? record, out BlueprintAction? action)
    {
        action = null;
        if (state is null)
        {
            return ApiProblems.NotFound($"No instance has the id '{instanceId}'.");
        }

        var instance = state.Record;
        if (record is null || record.Blueprint.Version != instance.BlueprintVersion)
        {
            return ApiProblems.Conflict($"The instance's blueprint '{instance.BlueprintId}' v{instance.BlueprintVersion} no longer exists.");
        }

        if (record.Blueprint.FindAction(actionId) is not { } found)
        {
            return ApiProblems.NotFound($"Blueprint '{record.Blueprint.Id}' has no action '{actionId}'.");
        }

        var errors = new FieldErrors();
        if (errors.Required("sender", request.Sender, MaxSenderLength) is { } given && !Addresses.TryParse(given, out _, out _))
        {
            errors.Add("sender", "sender must be a wallet address (bech32m, hrp \"ws\").");
        }

        if (JsonNesting.TooDeep(request.Data))
        {
            errors.Add("data", "data " + JsonNesting.Message);
        }

        if (errors.Any)
        {
            return TypedResults.ValidationProblem(errors.ToDictionary());
        }

        if (state.NextActionId != actionId)
        {
            return ApiProblems.Conflict(state.NextActionId is null
                ? "The instance is complete; it takes no more actions."
                : $"The instance is waiting for action '{state.NextActionId}', not '{actionId}'.");
        }

        if (instance.Participants[found.Sender] != request.Sender)
        {
            return ApiProblems.Forbidden($"Action '{actionId}' is sent by participant '{found.Sender}', which this instance binds to another wallet.");
        }

        action = found;
        return null;
    }
}
