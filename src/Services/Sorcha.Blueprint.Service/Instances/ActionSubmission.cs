using System.Diagnostics;
using System.Globalization;
using System.Net.Http.Headers;
using System.Text.Json.Nodes;
using Sorcha.Blueprint.Service.Downstream;
using Sorcha.Blueprint.Service.Problems;
using Sorcha.Cryptography;
using Sorcha.ServiceDefaults.Telemetry;

namespace Sorcha.Blueprint.Service.Instances;

/// <summary>One participant's share of an action: the JCS bytes of exactly the fields disclosed to it.</summary>
public sealed record DisclosedShare(string Participant, string Address, byte[] Plaintext);

/// <summary>
/// The part of an action submission that talks to other services, once the data has been validated, calculated,
/// routed and disclosed: claim the step → encrypt each share for its wallet → build the Transaction → sign it with
/// the sender's wallet → commit it → advance the instance. Everything downstream runs as the caller (its token).
/// </summary>
public sealed class ActionSubmission(WalletClient wallets, TransactionClient transactions, InstanceStore store, TimeProvider clock,
    ILogger<ActionSubmission> logger)
{
    /// <summary>Spans for each stage of a submission (see <see cref="ServerTiming"/>).</summary>
    public static readonly ActivitySource Source = new(TelemetrySetup.SourcePrefix + "Blueprint");

    /// <summary>
    /// Budget for everything done under the claim, independent of the client connection: once a step is claimed it is
    /// carried through even if the client goes away, so a commit is never left without its instance moving on.
    /// </summary>
    public static readonly TimeSpan Deadline = TimeSpan.FromSeconds(40);

    public async Task<SubmitActionResponse> RunAsync(InstanceRecord instance, string actionId, string sender, string? nextActionId,
        JsonObject calculated, IReadOnlyList<DisclosedShare> shares, AuthenticationHeaderValue auth, ServerTiming timing,
        CancellationToken requestAborted)
    {
        // Ownership first (403 before anything is claimed): the Wallet service only shows the caller its own wallets.
        SenderWallet wallet;
        using (timing.Measure("wallet", Source))
        {
            wallet = await wallets.GetOwnAsync(sender, auth, requestAborted);
        }

        ClaimOutcome outcome;
        StepClaim? claim;
        using (timing.Measure("claim", Source))
        {
            (outcome, claim) = await store.TryClaimAsync(instance.Id, actionId);
        }

        if (outcome != ClaimOutcome.Claimed)
        {
            throw new ProblemException(StatusCodes.Status409Conflict, "Conflict", outcome == ClaimOutcome.Busy
                ? $"Action '{actionId}' of this instance is being submitted by another request right now."
                : $"The instance is no longer waiting for action '{actionId}' (another submission committed it).");
        }

        using var deadline = new CancellationTokenSource(Deadline);
        var advanced = false;
        try
        {
            JsonObject[] envelopes;
            using (timing.Measure("encrypt", Source))
            {
                envelopes = await Task.WhenAll(shares.Select(s => wallets.EncryptAsync(sender, s.Address, s.Plaintext, auth, deadline.Token)));
            }

            var transaction = new JsonObject
            {
                ["registerId"] = instance.RegisterId,
                ["sender"] = sender,
                ["algorithm"] = wallet.Algorithm,
                ["publicKey"] = wallet.PublicKey,
                ["payload"] = new JsonObject { ["envelopes"] = new JsonArray(envelopes) },
                ["metadata"] = new JsonObject
                {
                    ["type"] = "Action",
                    ["blueprintId"] = instance.BlueprintId,
                    ["instanceId"] = instance.Id,
                    ["actionId"] = actionId,
                },
                ["timestamp"] = clock.GetUtcNow().UtcDateTime.ToString("yyyy-MM-dd'T'HH:mm:ss.fff'Z'", CultureInfo.InvariantCulture),
            };

            // txId = SHA-256 over the JCS bytes of the transaction without its signature; the wallet signs the 32 bytes.
            var txIdBytes = Hashes.Sha256(Jcs.Canonicalize(transaction));
            var txId = Hashes.ToHex(txIdBytes);
            using (timing.Measure("sign", Source))
            {
                transaction["signature"] = await wallets.SignAsync(wallet, txIdBytes, auth, deadline.Token);
            }

            Commit commit;
            using (timing.Measure("commit", Source))
            {
                commit = await transactions.CommitAsync(transaction, txId, auth, deadline.Token);
            }

            var step = new InstanceStep(actionId, sender, txId, commit.Sequence, clock.GetUtcNow());
            using (timing.Measure("advance", Source))
            {
                advanced = await store.TryAdvanceAsync(claim!, step, nextActionId);
            }

            if (!advanced)
            {
                // Only possible if the claim outlived ClaimLifetime, which Deadline rules out short of a stalled process.
                logger.LogError("Instance {InstanceId}: transaction {TxId} committed but the step claim was lost", instance.Id, txId);
                throw new ProblemException(StatusCodes.Status409Conflict, "Conflict",
                    $"Transaction {txId} was committed but the instance had moved on meanwhile; see GET /api/instances/{instance.Id}.");
            }

            logger.LogInformation("Instance {InstanceId}: action {ActionId} committed as {TxId} at sequence {Sequence}",
                instance.Id, actionId, txId, commit.Sequence);
            var recipients = shares.Select(s => s.Address).Distinct(StringComparer.Ordinal).ToList();
            return new SubmitActionResponse(txId, commit.Sequence, nextActionId, calculated, recipients);
        }
        finally
        {
            if (!advanced)
            {
                // Nothing was committed (or we cannot know): give the step back so the sender can retry.
                await store.ReleaseAsync(claim!);
            }
        }
    }
}
