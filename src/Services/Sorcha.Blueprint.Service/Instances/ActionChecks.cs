using Sorcha.ApiPlatform.Api;
using Sorcha.ApiPlatform.Limits;
using Sorcha.ApiPlatform.Problems;
using Sorcha.Blueprint.Service.Attachments;
using Sorcha.Blueprint.Service.Blueprints;
using Sorcha.Contracts.Blueprints;
using Sorcha.Contracts.Instances;
using Sorcha.Cryptography;

namespace Sorcha.Blueprint.Service.Instances;

/// <summary>
/// The checks on a submission that need only what was loaded, in the contract's order (docs/api.md, "Blueprints,
/// instances and actions"): unknown instance/action 404, malformed body 400, attachments over a limit 413, not the
/// next action 409, sender not bound to the action's participant 403. Pure: no I/O; a refusal is thrown, like every other of the flow (<see cref="ActionFlow"/>).
/// </summary>
public static class ActionChecks
{
    public const int MaxSenderLength = 128;

    /// <summary>
    /// The one spelling of "a well-formed sender" (a wallet address, so at most <see cref="MaxSenderLength"/>
    /// characters): null when it is one, otherwise the 400's field errors so far. Asked once per submission, before
    /// anything loads, because it also decides whether the Wallet service is asked about the sender yet.
    /// </summary>
    public static FieldErrors? SenderErrors(string? sender)
    {
        if (sender is { Length: <= MaxSenderLength } && Addresses.TryParse(sender, out _, out _))
        {
            return null;
        }

        var errors = new FieldErrors();
        if (errors.Required("sender", sender, MaxSenderLength) is not null)
        {
            // Given, yet not an address (if it is also blank or too long, both are said).
            errors.Add("sender", "sender must be a wallet address (bech32m, hrp \"ws\").");
        }

        return errors;
    }

    /// <summary>
    /// The checks that need only what never changes (the instance's record, its blueprint, the body): 409 (its version
    /// gone) → 404 → 400 → 413. <paramref name="senderErrors"/> is what <see cref="SenderErrors"/> said of the body's sender.
    /// </summary>
    /// <returns>The action to run and the files sent with it.</returns>
    public static CheckedAction CheckBeforeNext(string actionId, SubmitActionRequest request, FieldErrors? senderErrors,
        InstanceRecord instance, BlueprintRecord? record, AttachmentOptions attachmentLimits)
    {
        if (record is null || record.Blueprint.Version != instance.BlueprintVersion)
        {
            throw ProblemException.Of(ApiProblems.Conflict(
                $"The instance's blueprint '{instance.BlueprintId}' v{instance.BlueprintVersion} no longer exists."));
        }

        if (record.Blueprint.FindAction(actionId) is not { } action)
        {
            throw ProblemException.Of(ApiProblems.NotFound($"Blueprint '{record.Blueprint.Id}' has no action '{actionId}'."));
        }

        var errors = senderErrors ?? new FieldErrors();
        if (JsonNesting.TooDeep(request.Data))
        {
            errors.Add("data", "data " + JsonNesting.Message);
        }

        var files = AttachmentChecks.Read(request.Attachments, errors) ?? [];
        if (errors.Any)
        {
            throw ProblemException.Of(TypedResults.ValidationProblem(errors.ToDictionary()));
        }

        AttachmentChecks.CheckSizes(files, attachmentLimits);
        return new CheckedAction(action, files);
    }

    /// <summary>409 unless the instance waits for <paramref name="actionId"/> (<paramref name="nextActionId"/> null: complete).</summary>
    public static void CheckNext(string actionId, string? nextActionId)
    {
        if (nextActionId != actionId)
        {
            throw ProblemException.Of(ApiProblems.Conflict(nextActionId is null
                ? "The instance is complete; it takes no more actions."
                : $"The instance is waiting for action '{nextActionId}', not '{actionId}'."));
        }
    }

    /// <summary>403 unless the body's sender is the wallet the instance binds to the action's participant.</summary>
    public static void CheckBound(string actionId, SubmitActionRequest request, InstanceRecord instance, BlueprintAction action)
    {
        if (instance.Participants[action.Sender] != request.Sender)
        {
            throw ProblemException.Of(ApiProblems.Forbidden(
                $"Action '{actionId}' is sent by participant '{action.Sender}', which this instance binds to another wallet."));
        }
    }
}

/// <summary>The action a submission runs and the files it carries (checked: well-formed and within the limits).</summary>
public sealed record CheckedAction(BlueprintAction Action, IReadOnlyList<UploadedFile> Files);
