using System.Diagnostics;
using System.Runtime.CompilerServices;
using Sorcha.ApiPlatform.Api;
using Sorcha.ApiPlatform.Auth;
using Sorcha.ApiPlatform.Limits;
using Sorcha.ApiPlatform.Problems;
using Sorcha.Blueprint.Service.Blueprints;
using Sorcha.Client;
using Sorcha.Contracts.Instances;
using Sorcha.ServiceDefaults.Telemetry;

namespace Sorcha.Blueprint.Service.Instances;

/// <summary>One participant's share of an action: the JCS bytes of exactly the fields disclosed to it.</summary>
public sealed record DisclosedShare(string Participant, string Address, byte[] Plaintext);

/// <summary>
/// An action submission from end to end, one pipeline whose steps are the stages it is timed by (<see cref="ServerTiming"/>,
/// <c>sorcha.stage.duration</c>): load → checks (<see cref="ActionChecks"/>) → engine (<see cref="ActionPlanner"/>) →
/// sender (the caller must own it: 403 before anything is claimed, <see cref="SenderOwnership"/>) → claim, then under the
/// claim prepare (one Wallet call seals every share and signs, <see cref="StepSigning"/>) → pending (kept before the
/// commit) → commit (<see cref="TransactionCommits"/>) → advance. Everything downstream runs as the caller (its token,
/// forwarded), except the commit, made with this service's own token.
/// <para>
/// An instance this process created or read before is a detail of loading: its record never changes, nor does the
/// published version it runs, so both come from memory, and where it stands is read by the claim script instead — one
/// round trip where reading and claiming were two (<see cref="Loaded.Standing"/> is then null).
/// </para>
/// <para>
/// One failure channel: every refusal, from the first check to the commit, is a thrown <see cref="ProblemException"/>
/// (a failed downstream call is its own exception, mapped by the same handler), and a submission returns only its
/// commit. Returning the early refusals instead would still leave the later ones thrown: they end deep in awaited
/// calls whose cleanup (giving the claim back, keeping or dropping the pending transaction) is what each step's catch is for.
/// The private steps are pooled <see cref="ValueTask"/>s, so splitting the path into them allocates nothing per submission.
/// </para>
/// </summary>
public sealed partial class ActionFlow(ActionFlowServices services)
{
    /// <summary>Spans for each stage of a submission (see <see cref="ServerTiming"/>).</summary>
    public static readonly ActivitySource Source = new(TelemetrySetup.SourcePrefix + "Blueprint");

    /// <summary>
    /// Budget for everything done under the claim, independent of the client connection: once a step is claimed it is
    /// carried through even if the client goes away, so a commit is never left without its instance moving on.
    /// </summary>
    public static readonly TimeSpan Deadline = TimeSpan.FromSeconds(40);

    /// <returns>The committed step and the register it is in; every refusal is thrown.</returns>
    public async Task<(string RegisterId, SubmitActionResponse Response)> SubmitAsync(string instanceId, string actionId,
        SubmitActionRequest request, HttpContext context)
    {
        var timing = context.Timing();

        // The sender check needs only the body, so it runs while the instance and blueprint load; its answer is
        // looked at only after the checks that come first in the contract's order. A submission refused before that
        // cancels it and observes its end, so a Wallet 403 or a cancellation never becomes an unobserved exception.
        var senderErrors = ActionChecks.SenderErrors(request.Sender);
        using var senderCancel = CancellationTokenSource.CreateLinkedTokenSource(context.RequestAborted);
        var senderCheck = senderErrors is null ? services.Owners.CheckAsync(context.User.CallerId(), request.Sender!, senderCancel.Token) : null;
        try
        {
            var loaded = await LoadAsync(instanceId, remembered: true, timing);
            var action = CheckBeforeClaim(loaded, actionId, request, senderErrors);
            var plan = await PlanAsync(loaded, action, request, senderCheck!, timing, context.RequestAborted);
            senderCheck = null;
            var (_, _, claim, pending) = await ClaimAsync(loaded, plan.ActionId, timing);
            return (loaded.Instance.RegisterId,
                await RunClaimedAsync(new(loaded.Instance, plan, claim!, context.User.CallerId(), timing), loaded.Version!.Blueprint, pending));
        }
        finally
        {
            if (senderCheck is not null)
            {
                await senderCancel.CancelAsync();
                _ = senderCheck.ContinueWith(static t => _ = t.Exception, CancellationToken.None,
                    TaskContinuationOptions.OnlyOnFaulted | TaskContinuationOptions.ExecuteSynchronously, TaskScheduler.Default);
            }
        }
    }

    /// <summary>
    /// "load": the instance and the blueprint version it started on; 404 when there is no such instance. With
    /// <paramref name="remembered"/>, an instance this process holds needs only its version (published, so in memory
    /// too), and where it stands is left to the claim.
    /// </summary>
    [AsyncMethodBuilder(typeof(PoolingAsyncValueTaskMethodBuilder<>))]
    private async ValueTask<Loaded> LoadAsync(string instanceId, bool remembered, ServerTiming timing)
    {
        var instance = remembered ? services.Store.Remembered(instanceId) : null;
        InstanceState? standing = null;
        BlueprintRecord? version;
        using (timing.Measure("load", Source))
        {
            if (instance is null)
            {
                standing = await services.Store.GetForActionAsync(instanceId);
                instance = standing?.Record;
            }

            version = instance is null ? null : await services.Blueprints.GetVersionAsync(instance.BlueprintId, instance.BlueprintVersion);
        }

        return instance is null ? throw ProblemException.Of(ApiProblems.NotFound($"No instance has the id '{instanceId}'."))
            : new Loaded(instance, version, standing);
    }

    /// <summary>The checks before the engine, in the contract's order; "not the next action" only where loading read it.</summary>
    private CheckedAction CheckBeforeClaim(Loaded loaded, string actionId, SubmitActionRequest request, FieldErrors? senderErrors)
    {
        var action = ActionChecks.CheckBeforeNext(actionId, request, senderErrors, loaded.Instance, loaded.Version, Attachments);
        if (loaded.Standing is { } standing)
        {
            ActionChecks.CheckNext(actionId, standing.NextActionId);
        }

        return action;
    }

    /// <summary>
    /// The sender's binding (403), "engine" and "sender". For an instance whose standing was not read, "not the next
    /// action" (409) comes before these refusals in the contract's order: the claim script first looks, claiming nothing.
    /// </summary>
    [AsyncMethodBuilder(typeof(PoolingAsyncValueTaskMethodBuilder<>))]
    private async ValueTask<StepPlan> PlanAsync(Loaded loaded, CheckedAction action, SubmitActionRequest request, Task senderCheck,
        ServerTiming timing, CancellationToken ct)
    {
        try
        {
            ActionChecks.CheckBound(action.Action.Id, request, loaded.Instance, action.Action);
            StepPlan plan;
            using (timing.Measure("engine", Source))
            {
                plan = ActionPlanner.Plan(services.Engine, services.Engine.Budget(ct), loaded.Version!.Blueprint, action, loaded.Instance,
                    request, Attachments);
            }

            using (timing.Measure("sender", Source))
            {
                await senderCheck;
            }

            return plan;
        }
        catch (Exception e) when (loaded.Standing is null && e is ProblemException or SorchaApiException)
        {
            await ClaimAsync(loaded, action.Action.Id, timing, claim: false);
            throw;
        }
    }

    /// <summary>
    /// "claim": the step's claim and the transaction an earlier attempt left pending, if any; <paramref name="claim"/>
    /// false only looks (Waiting). Not at that action: 409 (404 for an instance gone); another submission holds it: 409.
    /// </summary>
    [AsyncMethodBuilder(typeof(PoolingAsyncValueTaskMethodBuilder<>))]
    private async ValueTask<ClaimAttempt> ClaimAsync(Loaded loaded, string actionId, ServerTiming timing, bool claim = true)
    {
        using var _ = timing.Measure("claim", Source);
        var attempt = await services.Store.TryClaimNextAsync(loaded.Instance.Id, actionId, claim);
        switch (attempt.Outcome)
        {
            case ClaimOutcome.Claimed or ClaimOutcome.Waiting:
                return attempt;
            case ClaimOutcome.Busy:
                throw Conflict(BusyMessage(actionId));
            case ClaimOutcome.Missing when loaded.Standing is null:
                throw ProblemException.Of(ApiProblems.NotFound($"No instance has the id '{loaded.Instance.Id}'."));
            case ClaimOutcome.Moved when loaded.Standing is null:
                ActionChecks.CheckNext(actionId, attempt.NextActionId);
                break;
        }

        // Loading saw it wait for this action.
        throw Conflict($"The instance is no longer waiting for action '{actionId}' (another submission committed it).");
    }

    /// <summary>
    /// What loading found: the instance's record, its blueprint version (null: gone, a 409 of the checks) and where it
    /// stands, null when the record came from memory and the claim reads that.
    /// </summary>
    private readonly record struct Loaded(InstanceRecord Instance, BlueprintRecord? Version, InstanceState? Standing);

    private AttachmentOptions Attachments => services.Limits.Value.Attachments;

    private static string BusyMessage(string actionId) => $"Action '{actionId}' of this instance is being submitted by another request right now.";

    internal static ProblemException NotYours(string address, Exception inner) => new(StatusCodes.Status403Forbidden, "Forbidden",
        $"The sender '{address}' is not your wallet: only its owner can act with it.", inner);

    private static ProblemException Conflict(string detail) => new(StatusCodes.Status409Conflict, "Conflict", detail);
}
