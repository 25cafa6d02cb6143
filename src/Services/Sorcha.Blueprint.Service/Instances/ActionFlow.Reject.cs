using System.Text.Json.Nodes;
using Sorcha.ApiPlatform.Api;
using Sorcha.ApiPlatform.Auth;
using Sorcha.ApiPlatform.Problems;
using Sorcha.Contracts.Blueprints;
using Sorcha.Contracts.Instances;
using Sorcha.Cryptography;
using Sorcha.ServiceDefaults.Telemetry;

namespace Sorcha.Blueprint.Service.Instances;

public sealed partial class ActionFlow
{
    public const int MaxReasonLength = 1_000;

    /// <summary>
    /// A participant refuses the step that waits for it: the checks of a submission in the contract's order (404, 400,
    /// 409 not next, 403 not bound), then 409 for an action without <c>rejection</c>; the sender's ownership (403);
    /// then the same claim → prepare → pending → commit → advance as a submission, with a Rejection transaction whose
    /// envelopes carry <c>{ reason }</c> to every participant. No engine: a refusal has no data to validate.
    /// </summary>
    public async Task<(string RegisterId, RejectActionResponse Response)> RejectAsync(string instanceId, string actionId,
        RejectActionRequest request, HttpContext context)
    {
        var timing = context.Timing();
        var loaded = await LoadAsync(instanceId, remembered: false, timing);
        var errors = ActionChecks.SenderErrors(request.Sender) ?? new FieldErrors();
        var reason = ReasonOf(request.Reason, errors);
        var asSubmission = new SubmitActionRequest(request.Sender, null);
        var action = CheckBeforeClaim(loaded, actionId, asSubmission, errors.Any ? errors : null).Action;
        ActionChecks.CheckBound(actionId, asSubmission, loaded.Instance, action);
        if (action.Rejection is not { } rejection)
        {
            throw Conflict($"Action '{actionId}' cannot be rejected: the blueprint gives it no rejection.");
        }

        var caller = context.User.CallerId();
        using (timing.Measure("sender", Source))
        {
            await services.Owners.CheckAsync(caller, request.Sender!, context.RequestAborted);
        }

        var plan = RejectionPlan(loaded.Instance, action, request.Sender!, reason!, rejection);
        var (_, _, claim, pending) = await ClaimAsync(loaded, actionId, timing);
        var done = await RunClaimedAsync(new(loaded.Instance, plan, claim!, caller, timing), loaded.Version!.Blueprint, pending);
        return (loaded.Instance.RegisterId, new RejectActionResponse(done.TxId, done.Sequence, done.NextActionId));
    }

    /// <summary>The reason, 1..<see cref="MaxReasonLength"/> characters (Unicode scalar values), not blank.</summary>
    private static string? ReasonOf(string? reason, FieldErrors errors)
    {
        if (string.IsNullOrWhiteSpace(reason))
        {
            errors.Add("reason", "reason is required: why the step is refused (1 to 1,000 characters).");
            return null;
        }

        if (reason.EnumerateRunes().Count() > MaxReasonLength)
        {
            errors.Add("reason", $"reason has at most {MaxReasonLength:N0} characters.");
            return null;
        }

        return reason;
    }

    /// <summary>
    /// Every participant's share is the JCS bytes of <c>{ "reason" }</c>. The digest is of another domain than a
    /// submission's data, so a pending rejection is never taken for a submission of the same bytes (or back).
    /// </summary>
    private static StepPlan RejectionPlan(InstanceRecord instance, BlueprintAction action, string sender, string reason,
        Rejection rejection)
    {
        var share = Jcs.Canonicalize(new JsonObject { ["reason"] = reason });
        var shares = instance.Participants.Select(p => new DisclosedShare(p.Key, p.Value, share)).ToList();
        var digest = "rejection:" + Hashes.ToHex(Hashes.Sha256(share));
        return new StepPlan(action.Id, sender, rejection.Next, [], shares, digest, StepPlan.RejectionType);
    }
}
