using Sorcha.ApiPlatform.Problems;
using Sorcha.Blueprint.Service.Attachments;
using Sorcha.Blueprint.Service.Platform;
using Sorcha.Client;
using Sorcha.Contracts.Transactions;
using Sorcha.Contracts.Wallets;

namespace Sorcha.Blueprint.Service.Instances;

/// <summary>
/// A step's transaction from the sender's wallet in one call (<c>POST /api/wallets/{sender}/transactions</c>): the
/// Wallet service seals each share for its participant's wallet, builds the transaction around the envelopes and signs
/// it, as the caller (its token, forwarded), so ownership is checked where the keys live.
/// </summary>
public sealed class StepSigning(PlatformClients clients)
{
    public async Task<PendingStep> SignAsync(InstanceRecord instance, StepPlan plan, int step, CancellationToken ct)
    {
        var metadata = new TransactionMetadataDocument(plan.Type, instance.BlueprintId, instance.Id, plan.ActionId);
        var request = new PrepareTransactionRequest(instance.RegisterId,
            new PreparedMetadata(metadata.Type, metadata.BlueprintId, metadata.InstanceId, metadata.ActionId),
            [.. plan.Shares.Select(s => new RecipientData(s.Address, Convert.ToBase64String(s.Plaintext)))],
            plan.Attachments.Count == 0 ? null
                : [.. plan.Attachments.Select(a =>
                    new AttachmentData(a.File.Name, a.File.ContentType, Convert.ToBase64String(a.File.Content), a.Recipients))]);
        PreparedTransaction prepared;
        try
        {
            prepared = await clients.Wallets.PrepareTransactionAsync(plan.Sender, request, ct);
        }
        catch (SorchaApiException e) when (e.Status == StatusCodes.Status404NotFound)
        {
            throw ActionFlow.NotYours(plan.Sender, e);
        }
        catch (SorchaApiException e) when (e.Status == StatusCodes.Status422UnprocessableEntity)
        {
            throw new ProblemException(StatusCodes.Status422UnprocessableEntity, "Recipient wallet not found",
                $"A wallet bound to a participant does not exist (anymore): {e.Detail}", e);
        }

        // What is recorded and committed must be what was asked for and what the signature covers.
        var signed = prepared.Transaction;
        if (signed.Sender != plan.Sender || signed.RegisterId != instance.RegisterId || signed.Metadata != metadata
            || TransactionIds.Compute(signed) != prepared.TxId || !SignedAttachments.Match(signed.Payload, plan.Attachments))
        {
            throw ProblemException.BadGateway("The Wallet service signed a transaction other than the one asked for.");
        }

        var recipients = plan.Shares.Select(s => s.Address).Distinct(StringComparer.Ordinal).ToList();
        return new PendingStep(plan.ActionId, step, prepared.TxId, signed, plan.DataDigest, plan.NextActionId, plan.Calculated, recipients,
            plan.AttachmentBytes);
    }
}
