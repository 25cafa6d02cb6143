using System.Diagnostics;
using System.Text.Json;
using Sorcha.Blueprint.Service.Platform;
using Sorcha.Client;
using Sorcha.Cryptography;
using Sorcha.ServiceDefaults.Problems;
using Sorcha.ServiceDefaults.Telemetry;

namespace Sorcha.Blueprint.Service.Instances;

/// <summary>One participant's share of an action: the JCS bytes of exactly the fields disclosed to it.</summary>
public sealed record DisclosedShare(string Participant, string Address, byte[] Plaintext);

/// <summary>
/// The part of an action submission that talks to other services, once the data has been validated, calculated,
/// routed and disclosed: claim the step → encrypt each share for its wallet → build the Transaction → sign it with
/// the sender's wallet → keep it as the step's pending transaction → commit it → advance the instance. Everything
/// downstream runs as the caller (its token, forwarded), except the commit (<see cref="TransactionCommits"/>).
/// </summary>
public sealed class ActionSubmission(PlatformClients clients, TransactionCommits commits, InstanceStore store, TimeProvider clock,
    ILogger<ActionSubmission> logger)
{
    /// <summary>Spans for each stage of a submission (see <see cref="ServerTiming"/>).</summary>
    public static readonly ActivitySource Source = new(TelemetrySetup.SourcePrefix + "Blueprint");

    /// <summary>
    /// Budget for everything done under the claim, independent of the client connection: once a step is claimed it is
    /// carried through even if the client goes away, so a commit is never left without its instance moving on.
    /// </summary>
    public static readonly TimeSpan Deadline = TimeSpan.FromSeconds(40);

    /// <param name="caller">The caller's subject, for whom this service commits.</param>
    public async Task<SubmitActionResponse> RunAsync(InstanceRecord instance, StepPlan plan, string caller, ServerTiming timing,
        CancellationToken requestAborted)
    {
        // Ownership first (403 before anything is claimed): the Wallet service only shows the caller its own wallets.
        Wallet wallet;
        using (timing.Measure("wallet", Source))
        {
            try
            {
                wallet = await clients.Wallets.GetAsync(plan.Sender, requestAborted);
            }
            catch (SorchaApiException e) when (e.Status == StatusCodes.Status404NotFound)
            {
                throw NotYours(plan.Sender, e);
            }
        }

        var claim = await ClaimAsync(instance.Id, plan.ActionId, timing);
        using var deadline = new CancellationTokenSource(Deadline);
        var advanced = false;
        var certainlyNotCommitted = true;
        try
        {
            var pending = await store.GetPendingAsync(claim);
            if (pending is null)
            {
                pending = await SignAsync(instance, plan, wallet, claim.Step, timing, deadline.Token);
                if (!await store.SavePendingAsync(claim, pending))
                {
                    throw ClaimLost(instance.Id, pending.TxId);
                }
            }
            else
            {
                logger.LogWarning("Instance {InstanceId}: committing {TxId}, signed by an earlier attempt of {ActionId} whose outcome was unknown",
                    instance.Id, pending.TxId, plan.ActionId);
            }

            CommittedTransaction commit;
            certainlyNotCommitted = false;
            using (timing.Measure("commit", Source))
            {
                try
                {
                    commit = await commits.CommitAsync(pending.Transaction.Deserialize(SorchaJsonContext.Default.Transaction)!, pending.TxId,
                        caller, instance.CreatedBy, deadline.Token);
                }
                catch (ProblemException e) when (TransactionCommits.RefusesTheBytes(e))
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

            var step = new InstanceStep(plan.ActionId, plan.Sender, pending.TxId, commit.Sequence, clock.GetUtcNow());
            using (timing.Measure("advance", Source))
            {
                advanced = await store.TryAdvanceAsync(claim, step, pending.NextActionId);
            }

            if (!advanced)
            {
                // Only possible if the claim outlived ClaimLifetime, which Deadline rules out short of a stalled process.
                throw ClaimLost(instance.Id, pending.TxId);
            }

            logger.LogInformation("Instance {InstanceId}: action {ActionId} committed as {TxId} at sequence {Sequence}",
                instance.Id, plan.ActionId, pending.TxId, commit.Sequence);
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

    private async Task<StepClaim> ClaimAsync(string instanceId, string actionId, ServerTiming timing)
    {
        using var _ = timing.Measure("claim", Source);
        var (outcome, claim) = await store.TryClaimAsync(instanceId, actionId);
        return outcome == ClaimOutcome.Claimed ? claim! : throw Conflict(outcome == ClaimOutcome.Busy
            ? $"Action '{actionId}' of this instance is being submitted by another request right now."
            : $"The instance is no longer waiting for action '{actionId}' (another submission committed it).");
    }

    /// <summary>Encrypts each share for its wallet, builds the Transaction and has the sender's wallet sign its txId.</summary>
    private async Task<PendingStep> SignAsync(InstanceRecord instance, StepPlan plan, Wallet wallet, int step, ServerTiming timing,
        CancellationToken ct)
    {
        Envelope[] envelopes;
        using (timing.Measure("encrypt", Source))
        {
            envelopes = await Task.WhenAll(plan.Shares.Select(s => EncryptAsync(plan.Sender, s.Address, s.Plaintext, ct)));
        }

        var unsigned = new Transaction(instance.RegisterId, plan.Sender, wallet.Algorithm, wallet.PublicKey,
            JsonSerializer.SerializeToElement(new ActionPayload(envelopes), SorchaJsonContext.Default.ActionPayload),
            new TransactionMetadata("Action", instance.BlueprintId, instance.Id, plan.ActionId),
            TransactionSigner.FormatTimestamp(clock.GetUtcNow()), null);

        // txId = SHA-256 over the JCS bytes of the transaction without its signature; the wallet signs the 32 bytes.
        var txId = TransactionIds.ComputeBytes(unsigned);
        WalletSignature signed;
        using (timing.Measure("sign", Source))
        {
            try
            {
                signed = await clients.Wallets.SignAsync(wallet.Address, txId, ct);
            }
            catch (SorchaApiException e) when (e.Status == StatusCodes.Status404NotFound)
            {
                throw NotYours(wallet.Address, e);
            }
        }

        if (!signed.PublicKey.AsSpan().SequenceEqual(wallet.PublicKey))
        {
            throw ProblemException.BadGateway("The Wallet service signed with a key other than the one it showed.");
        }

        var transaction = JsonSerializer.SerializeToNode(unsigned with { Signature = signed.Signature }, SorchaJsonContext.Default.Transaction)!;
        var recipients = plan.Shares.Select(s => s.Address).Distinct(StringComparer.Ordinal).ToList();
        return new PendingStep(plan.ActionId, step, Hashes.ToHex(txId), transaction.AsObject(), plan.DataDigest, plan.NextActionId,
            plan.Calculated, recipients);
    }

    /// <summary>An Envelope for <paramref name="recipient"/>; the sender was checked to be the caller's just before.</summary>
    private async Task<Envelope> EncryptAsync(string sender, string recipient, byte[] data, CancellationToken ct)
    {
        try
        {
            return await clients.Wallets.EncryptAsync(sender, recipient, data, ct);
        }
        catch (SorchaApiException e) when (e.Status == StatusCodes.Status404NotFound)
        {
            throw new ProblemException(StatusCodes.Status422UnprocessableEntity, "Recipient wallet not found",
                $"The wallet '{recipient}' bound to a participant does not exist (anymore): {e.Detail}", e);
        }
    }

    private static ProblemException NotYours(string address, Exception inner) => new(StatusCodes.Status403Forbidden, "Forbidden",
        $"The sender '{address}' is not your wallet: only its owner can act with it.", inner);

    private static ProblemException Conflict(string detail) => new(StatusCodes.Status409Conflict, "Conflict", detail);

    private ProblemException ClaimLost(string instanceId, string txId)
    {
        logger.LogError("Instance {InstanceId}: the step claim was lost while transaction {TxId} was outstanding", instanceId, txId);
        return Conflict($"The instance moved on while transaction {txId} was outstanding; see GET /api/instances/{instanceId}.");
    }
}
