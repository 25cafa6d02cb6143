using System.Runtime.CompilerServices;
using Sorcha.ApiPlatform.Problems;
using Sorcha.Client;
using Sorcha.Contracts.Blueprints;
using Sorcha.Contracts.Instances;
using Sorcha.Contracts.Transactions;
using Sorcha.ServiceDefaults.Telemetry;

namespace Sorcha.Blueprint.Service.Instances;

public sealed partial class ActionFlow
{
    /// <summary>
    /// Prepare → pending → commit → advance, under the step's claim. A step commits once: under the claim, a transaction
    /// whose commit outcome is unknown is kept (pending) and committed again by the next attempt instead of a new one.
    /// A step that fails gives the claim back itself (<see cref="GiveBackAsync"/>), so the sender can retry.
    /// </summary>
    private async Task<SubmitActionResponse> RunClaimedAsync(ClaimedStep step, BlueprintDocument blueprint, PendingStep? pending)
    {
        using var deadline = new CancellationTokenSource(Deadline);
        step = step with { Deadline = deadline.Token };
        if (pending is null)
        {
            pending = await PrepareAsync(step);
        }
        else
        {
            services.Logger.LogWarning("Instance {InstanceId}: committing {TxId}, signed by an earlier attempt of {ActionId} whose outcome was unknown",
                step.Instance.Id, pending.TxId, step.Plan.ActionId);
        }

        var commit = await CommitAsync(step, pending);
        return await AdvanceAsync(step, blueprint, pending, commit);
    }

    /// <summary>"prepare" (the quota reserved, then the step sealed and signed) and "pending" (kept before the commit).</summary>
    [AsyncMethodBuilder(typeof(PoolingAsyncValueTaskMethodBuilder<>))]
    private async ValueTask<PendingStep> PrepareAsync(ClaimedStep step)
    {
        long charged = 0;
        try
        {
            PendingStep pending;
            using (step.Timing.Measure("prepare", Source))
            {
                // Reserved before anything is signed, so a caller over its quota costs no Wallet call (409).
                await services.AttachmentQuota.ReserveAsync(step.Caller, step.Plan.AttachmentBytes);
                charged = step.Plan.AttachmentBytes;
                pending = await services.Signing.SignAsync(step.Instance, step.Plan, step.Claim.Step, step.Deadline);
            }

            using (step.Timing.Measure("pending", Source))
            {
                return await services.Store.SavePendingAsync(step.Claim, pending) ? pending : throw ClaimLost(step.Instance.Id, pending.TxId);
            }
        }
        catch
        {
            await GiveBackAsync(step, certainlyNotCommitted: true, charged);
            throw;
        }
    }

    /// <summary>"commit": a transaction refused for good is dropped (a retry signs afresh); any other failure keeps it pending.</summary>
    [AsyncMethodBuilder(typeof(PoolingAsyncValueTaskMethodBuilder<>))]
    private async ValueTask<CommittedTransactionDocument> CommitAsync(ClaimedStep step, PendingStep pending)
    {
        var certainlyNotCommitted = false;
        try
        {
            using var _ = step.Timing.Measure("commit", Source);
            try
            {
                return await services.Commits.CommitAsync(pending.Transaction, pending.TxId, step.Caller, step.Instance.CreatedBy, step.Deadline);
            }
            catch (ProblemException e) when (TransactionCommits.RefusesTheBytes(e) || TransactionCommits.RegisterClosed(e))
            {
                certainlyNotCommitted = true;
                throw;
            }
            catch (ProblemException e) when (e.Status == StatusCodes.Status403Forbidden)
            {
                // The write right is checked before the txId is looked up, so an earlier attempt whose outcome was
                // unknown may have committed this very transaction before the right was revoked: ask.
                certainlyNotCommitted = await NotCommittedAsync(pending.TxId, step.Deadline);
                throw;
            }
        }
        catch
        {
            // An earlier attempt's transaction was charged when it was signed, as this one was: the pending step's bytes.
            await GiveBackAsync(step, certainlyNotCommitted, pending.AttachmentBytes);
            throw;
        }
    }

    /// <summary>
    /// "advance": the instance moves where the pending transaction says. It may be an earlier attempt's, of the other
    /// kind or with other data: then the answer is a 409, but the step it committed still moves the instance.
    /// </summary>
    [AsyncMethodBuilder(typeof(PoolingAsyncValueTaskMethodBuilder<>))]
    private async ValueTask<SubmitActionResponse> AdvanceAsync(ClaimedStep step, BlueprintDocument blueprint, PendingStep pending,
        CommittedTransactionDocument commit)
    {
        var (instance, plan) = (step.Instance, step.Plan);
        Landing landing;
        try
        {
            landing = LandingOf(step, blueprint, pending, commit);
            using (step.Timing.Measure("advance", Source))
            {
                // Refused only if the claim outlived ClaimLifetime, which Deadline rules out short of a stalled process.
                if (!await services.Store.TryAdvanceAsync(step.Claim, landing.Step, instance, plan.Sender, pending.NextActionId,
                    landing.NextWallet, landing.EndState))
                {
                    throw ClaimLost(instance.Id, pending.TxId);
                }
            }
        }
        catch
        {
            await GiveBackAsync(step, certainlyNotCommitted: false, 0);
            throw;
        }

        services.Events.StepCommitted(instance, landing.Step, pending.NextActionId, landing.NextWallet, landing.EndState);
        return pending.DataDigest == plan.DataDigest
            ? new SubmitActionResponse(pending.TxId, commit.Sequence, pending.NextActionId, pending.Calculated, pending.Recipients)
            : throw Conflict($"An earlier attempt of action '{plan.ActionId}', with other data, was committed as {pending.TxId}; see GET /api/instances/{instance.Id}.");
    }

    /// <summary>Where the pending transaction takes the instance: the step it records, then the next sender's wallet or the state it ends in.</summary>
    private Landing LandingOf(ClaimedStep step, BlueprintDocument blueprint, PendingStep pending, CommittedTransactionDocument commit)
    {
        var rejected = pending.Transaction.Metadata?.Type == StepPlan.RejectionType;
        var recorded = new InstanceStep(step.Plan.ActionId, step.Plan.Sender, pending.TxId, commit.Sequence, services.Clock.GetUtcNow(), rejected);
        return pending.NextActionId is { } next
            ? new(recorded, step.Instance.Participants[blueprint.FindAction(next)!.Sender], EndState: null)
            : new(recorded, NextWallet: null, rejected ? InstanceStates.Rejected : InstanceStates.Completed);
    }

    /// <summary>What a committed step records and where it leaves the instance: <see cref="NextWallet"/> null once it ended.</summary>
    private readonly record struct Landing(InstanceStep Step, string? NextWallet, string? EndState);

    /// <summary>
    /// Gives the step back so the sender can retry; a transaction that may have been committed stays pending, and only
    /// one certainly not committed gives its <paramref name="charged"/> attachment bytes back.
    /// </summary>
    private async Task GiveBackAsync(ClaimedStep step, bool certainlyNotCommitted, long charged)
    {
        await services.Store.ReleaseAsync(step.Claim, discardPending: certainlyNotCommitted);
        if (certainlyNotCommitted)
        {
            await services.AttachmentQuota.RefundAsync(step.Caller, charged);
        }
    }

    /// <summary>True only when the Transaction service says it does not hold the txId; an unknown answer keeps it pending.</summary>
    private async Task<bool> NotCommittedAsync(string txId, CancellationToken ct)
    {
        try
        {
            return !await services.Commits.IsCommittedAsync(txId, ct);
        }
        catch (Exception e) when (e is SorchaApiException or ProblemException)
        {
            services.Logger.LogWarning("Could not tell whether {TxId} was committed ({Reason}); it stays pending", txId, e.Message);
            return false;
        }
    }

    private ProblemException ClaimLost(string instanceId, string txId)
    {
        services.Logger.LogError("Instance {InstanceId}: the step claim was lost while transaction {TxId} was outstanding", instanceId, txId);
        return Conflict($"The instance moved on while transaction {txId} was outstanding; see GET /api/instances/{instanceId}.");
    }

    /// <summary>A claimed step and whom it is for: <see cref="Caller"/>, the caller's subject, for whom this service commits.</summary>
    private readonly record struct ClaimedStep(InstanceRecord Instance, StepPlan Plan, StepClaim Claim, string Caller, ServerTiming Timing,
        CancellationToken Deadline = default);
}
