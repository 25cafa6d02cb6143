using System.Diagnostics;
using System.Runtime.ExceptionServices;
using Sorcha.Blueprint.Engine.Execution;
using Sorcha.Blueprint.Service.Blueprints;
using Sorcha.Blueprint.Service.Platform;
using Microsoft.Extensions.Options;
using Sorcha.Blueprint.Service.Attachments;
using Sorcha.Client;
using Sorcha.Contracts.Transactions;
using Sorcha.ApiPlatform.Api;
using Sorcha.ApiPlatform.Auth;
using Sorcha.ApiPlatform.Limits;
using Sorcha.ApiPlatform.Problems;
using Sorcha.Contracts.Blueprints;
using Sorcha.Contracts.Instances;
using Sorcha.ServiceDefaults.Telemetry;

namespace Sorcha.Blueprint.Service.Instances;

/// <summary>One participant's share of an action: the JCS bytes of exactly the fields disclosed to it.</summary>
public sealed record DisclosedShare(string Participant, string Address, byte[] Plaintext);

/// <summary>
/// An action submission from end to end, each stage timed (<see cref="ServerTiming"/>):
/// load (instance, then the blueprint version it started on; the sender's wallet is asked for at the same time unless remembered; an instance
/// this process created or read before, and a published version, come from memory) → checks (<see cref="ActionChecks"/>)
/// → engine (<see cref="ActionPlanner"/>) → sender (the caller must own it: 403 before anything is claimed,
/// <see cref="SenderOwnership"/>) → claim (for an instance known in memory, also the check that it waits for this
/// action, <see cref="SubmitKnownAsync"/>) →
/// prepare (one Wallet call seals every share and signs, <see cref="StepSigning"/>) → pending (kept before the commit)
/// → commit (<see cref="TransactionCommits"/>) → advance. Everything downstream runs as the caller (its token,
/// forwarded), except the commit, made with this service's own token.
/// <para>
/// One failure channel: every refusal, from the first check to the commit, is a thrown <see cref="ProblemException"/>
/// (a failed downstream call is its own exception, mapped by the same handler), and a submission returns only its
/// commit. Returning the early refusals instead would still leave the later ones thrown: they end deep in awaited
/// calls whose cleanup (giving the claim back, keeping or dropping the pending transaction) is what try/finally is for.
/// </para>
/// </summary>
public sealed partial class ActionFlow(BlueprintStore blueprints, InstanceStore store, BlueprintEngine engine,
    SenderOwnership owners, StepSigning signing, TransactionCommits commits, WorkEvents events, TimeProvider clock,
    AttachmentQuota attachmentQuota, IOptions<LimitsOptions> attachmentLimits, ILogger<ActionFlow> logger)
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
        var ct = context.RequestAborted;

        // The sender check needs only the body, so it runs while the instance and blueprint load; its answer is
        // looked at only after the checks that come first in the contract's order. A submission refused before that
        // cancels it and observes its end, so a Wallet 403 or a cancellation never becomes an unobserved exception.
        var senderErrors = ActionChecks.SenderErrors(request.Sender);
        using var senderCancel = CancellationTokenSource.CreateLinkedTokenSource(ct);
        var senderCheck = senderErrors is null ? owners.CheckAsync(context.User.CallerId(), request.Sender!, senderCancel.Token) : null;
        try
        {
            if (store.Remembered(instanceId) is { } known)
            {
                var response = await SubmitKnownAsync(known, actionId, request, senderErrors, context, senderCheck);
                senderCheck = null;
                return (known.RegisterId, response);
            }

            InstanceState? state;
            BlueprintRecord? record;
            using (timing.Measure("load", Source))
            {
                state = await store.GetForActionAsync(instanceId);
                record = state is null ? null : await blueprints.GetVersionAsync(state.Record.BlueprintId, state.Record.BlueprintVersion);
            }

            var action = ActionChecks.Check(instanceId, actionId, request, senderErrors, state, record, Attachments);
            StepPlan plan;
            using (timing.Measure("engine", Source))
            {
                plan = ActionPlanner.Plan(engine, engine.Budget(ct), record!.Blueprint, action, state!.Record, request, Attachments);
            }

            using (timing.Measure("sender", Source))
            {
                await senderCheck!;
                senderCheck = null;
            }

            var (claim, pending) = await ClaimAsync(instanceId, plan.ActionId, timing);
            return (state.Record.RegisterId,
                await RunClaimedAsync(state.Record, record.Blueprint, plan, claim, pending, context.User.CallerId(), timing));
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
    /// A submission to an instance whose record this process already holds (it never changes, nor does the published
    /// blueprint it runs): every check but "is it the next action?" needs nothing from Redis, so they all run first,
    /// and the one script that reads where the instance stands also claims the step — one round trip where reading and
    /// claiming were two. The contract's order of refusals stays: a refusal found before the script is held until the
    /// script (then only looking, claiming nothing) has said whether the 409 "not the next action" comes first. A
    /// refusal before the sender check was looked at leaves it to the caller's finally to cancel and observe.
    /// </summary>
    private async Task<SubmitActionResponse> SubmitKnownAsync(InstanceRecord instance, string actionId,
        SubmitActionRequest request, FieldErrors? senderErrors, HttpContext context, Task? senderCheck)
    {
        var timing = context.Timing();
        BlueprintRecord? record;
        using (timing.Measure("load", Source))
        {
            record = await blueprints.GetVersionAsync(instance.BlueprintId, instance.BlueprintVersion);
        }

        var action = ActionChecks.CheckBeforeNext(actionId, request, senderErrors, instance, record, Attachments);
        StepPlan? plan = null;
        ExceptionDispatchInfo? refusal = null;
        try
        {
            ActionChecks.CheckBound(actionId, request, instance, action.Action);
            using (timing.Measure("engine", Source))
            {
                plan = ActionPlanner.Plan(engine, engine.Budget(context.RequestAborted), record!.Blueprint, action, instance, request,
                    Attachments);
            }

            using (timing.Measure("sender", Source))
            {
                await senderCheck!;
            }
        }
        catch (Exception e) when (e is ProblemException or SorchaApiException)
        {
            refusal = ExceptionDispatchInfo.Capture(e);
        }

        StepClaim? claim;
        PendingStep? pending;
        using (timing.Measure("claim", Source))
        {
            (var outcome, var next, claim, pending) = await store.TryClaimNextAsync(instance.Id, actionId, claim: refusal is null);
            switch (outcome)
            {
                case ClaimOutcome.Missing:
                    throw ProblemException.Of(ApiProblems.NotFound($"No instance has the id '{instance.Id}'."));
                case ClaimOutcome.Moved:
                    ActionChecks.CheckNext(actionId, next);
                    break;
                case ClaimOutcome.Busy:
                    throw Conflict(BusyMessage(actionId));
            }
        }

        refusal?.Throw();
        return await RunClaimedAsync(instance, record!.Blueprint, plan!, claim!, pending, context.User.CallerId(), timing);
    }

    /// <summary>
    /// Prepare → pending → commit → advance, under the step's claim. A step commits once: under the claim, a transaction
    /// whose commit outcome is unknown is kept (pending) and committed again by the next attempt instead of a new one.
    /// </summary>
    /// <param name="caller">The caller's subject, for whom this service commits.</param>
    private async Task<SubmitActionResponse> RunClaimedAsync(InstanceRecord instance, BlueprintDocument blueprint, StepPlan plan,
        StepClaim claim, PendingStep? pending, string caller, ServerTiming timing)
    {
        using var deadline = new CancellationTokenSource(Deadline);
        var advanced = false;
        var certainlyNotCommitted = true;
        var charged = pending?.AttachmentBytes ?? 0; // an earlier attempt's transaction was charged when it was signed
        try
        {
            if (pending is null)
            {
                using (timing.Measure("prepare", Source))
                {
                    // Reserved before anything is signed, so a caller over its quota costs no Wallet call (409).
                    await attachmentQuota.ReserveAsync(caller, plan.AttachmentBytes);
                    charged = plan.AttachmentBytes;
                    pending = await signing.SignAsync(instance, plan, claim.Step, deadline.Token);
                }

                using (timing.Measure("pending", Source))
                {
                    if (!await store.SavePendingAsync(claim, pending))
                    {
                        throw ClaimLost(instance.Id, pending.TxId);
                    }
                }
            }
            else
            {
                logger.LogWarning("Instance {InstanceId}: committing {TxId}, signed by an earlier attempt of {ActionId} whose outcome was unknown",
                    instance.Id, pending.TxId, plan.ActionId);
            }

            CommittedTransactionDocument commit;
            certainlyNotCommitted = false;
            using (timing.Measure("commit", Source))
            {
                try
                {
                    commit = await commits.CommitAsync(pending.Transaction, pending.TxId, caller, instance.CreatedBy, deadline.Token);
                }
                catch (ProblemException e) when (TransactionCommits.RefusesTheBytes(e) || TransactionCommits.RegisterClosed(e))
                {
                    certainlyNotCommitted = true; // refused for good: a retry signs afresh
                    throw;
                }
                catch (ProblemException e) when (e.Status == StatusCodes.Status403Forbidden)
                {
                    // The write right is checked before the txId is looked up, so an earlier attempt whose outcome was
                    // unknown may have committed this very transaction before the right was revoked: ask.
                    certainlyNotCommitted = await NotCommittedAsync(pending.TxId, deadline.Token);
                    throw;
                }
            }

            // What the pending transaction is decides where the instance goes: it may be an earlier attempt's, of the
            // other kind (then the answer below is a 409, but the step it committed still moves the instance).
            var rejected = pending.Transaction.Metadata?.Type == StepPlan.RejectionType;
            var next = pending.NextActionId;
            var nextWallet = next is null ? null : instance.Participants[blueprint.FindAction(next)!.Sender];
            var endState = next is not null ? null : rejected ? InstanceStates.Rejected : InstanceStates.Completed;
            var step = new InstanceStep(plan.ActionId, plan.Sender, pending.TxId, commit.Sequence, clock.GetUtcNow(), rejected);
            using (timing.Measure("advance", Source))
            {
                advanced = await store.TryAdvanceAsync(claim, step, instance, plan.Sender, next, nextWallet, endState);
            }

            if (!advanced)
            {
                // Only possible if the claim outlived ClaimLifetime, which Deadline rules out short of a stalled process.
                throw ClaimLost(instance.Id, pending.TxId);
            }

            events.StepCommitted(instance, step, next, nextWallet, endState);

            return pending.DataDigest == plan.DataDigest
                ? new SubmitActionResponse(pending.TxId, commit.Sequence, pending.NextActionId, pending.Calculated, pending.Recipients)
                : throw Conflict($"An earlier attempt of action '{plan.ActionId}', with other data, was committed as {pending.TxId}; see GET /api/instances/{instance.Id}.");
        }
        finally
        {
            if (!advanced)
            {
                // Give the step back so the sender can retry; a transaction that may have been committed stays pending.
                await store.ReleaseAsync(claim, discardPending: certainlyNotCommitted);
                if (certainlyNotCommitted)
                {
                    await attachmentQuota.RefundAsync(caller, charged);
                }
            }
        }
    }

    /// <summary>True only when the Transaction service says it does not hold the txId; an unknown answer keeps it pending.</summary>
    private async Task<bool> NotCommittedAsync(string txId, CancellationToken ct)
    {
        try
        {
            return !await commits.IsCommittedAsync(txId, ct);
        }
        catch (Exception e) when (e is SorchaApiException or ProblemException)
        {
            logger.LogWarning("Could not tell whether {TxId} was committed ({Reason}); it stays pending", txId, e.Message);
            return false;
        }
    }

    /// <summary>The step's claim and the transaction an earlier attempt left pending, if any.</summary>
    private async Task<(StepClaim Claim, PendingStep? Pending)> ClaimAsync(string instanceId, string actionId, ServerTiming timing)
    {
        using var _ = timing.Measure("claim", Source);
        var (outcome, _, claim, pending) = await store.TryClaimNextAsync(instanceId, actionId, claim: true);
        return outcome == ClaimOutcome.Claimed ? (claim!, pending) : throw Conflict(outcome == ClaimOutcome.Busy
            ? BusyMessage(actionId)
            : $"The instance is no longer waiting for action '{actionId}' (another submission committed it).");
    }

    private AttachmentOptions Attachments => attachmentLimits.Value.Attachments;

    private static string BusyMessage(string actionId) => $"Action '{actionId}' of this instance is being submitted by another request right now.";

    internal static ProblemException NotYours(string address, Exception inner) => new(StatusCodes.Status403Forbidden, "Forbidden",
        $"The sender '{address}' is not your wallet: only its owner can act with it.", inner);

    private static ProblemException Conflict(string detail) => new(StatusCodes.Status409Conflict, "Conflict", detail);

    private ProblemException ClaimLost(string instanceId, string txId)
    {
        logger.LogError("Instance {InstanceId}: the step claim was lost while transaction {TxId} was outstanding", instanceId, txId);
        return Conflict($"The instance moved on while transaction {txId} was outstanding; see GET /api/instances/{instanceId}.");
    }
}
