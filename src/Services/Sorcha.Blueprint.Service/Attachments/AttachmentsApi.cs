using System.Globalization;
using System.Text.Json;
using System.Text.RegularExpressions;
using Microsoft.AspNetCore.Http.HttpResults;
using Sorcha.ApiPlatform.Problems;
using Sorcha.Blueprint.Service.Instances;
using Sorcha.Blueprint.Service.Platform;
using Sorcha.Client;
using Sorcha.Contracts.Transactions;
using Sorcha.Contracts.Instances;

namespace Sorcha.Blueprint.Service.Attachments;

/// <summary>
/// <c>GET /api/instances/{instanceId}/attachments/{txId}/{index}</c>: file <c>index</c> of one of the instance's
/// transactions, as the envelope sealed for a wallet the caller owns. The bytes live in the register's transaction (the
/// Register service's read, bounded by the Transaction service's size limit); the caller's wallets are asked of the
/// Wallet service as the caller. Anyone who is not a recipient gets the 404 an unknown index gets.
/// </summary>
public static partial class AttachmentsApi
{
    public static void MapAttachmentsApi(this IEndpointRouteBuilder app) =>
        app.MapGet("/api/instances/{instanceId}/attachments/{txId}/{index}", Get).RequireAuthorization().WithTags("Instances")
            .WithName("GetAttachment")
            .WithSummary("A file of one of the instance's actions, sealed for the caller's wallet: decrypt it with that wallet.")
            .ProducesValidationProblem()
            .ProducesProblem(StatusCodes.Status404NotFound)
            .ProducesProblem(StatusCodes.Status502BadGateway)
            .ProducesProblem(StatusCodes.Status503ServiceUnavailable);

    private static readonly JsonSerializerOptions Web = new(JsonSerializerDefaults.Web);

    private static async Task<Results<Ok<AttachmentEnvelope>, ValidationProblem, ProblemHttpResult>> Get(string instanceId,
        string txId, string index, InstanceStore instances, PlatformClients clients, CallerWallets wallets, CancellationToken ct)
    {
        if (!Index().IsMatch(index) || !int.TryParse(index, NumberStyles.None, CultureInfo.InvariantCulture, out var position))
        {
            return TypedResults.ValidationProblem(new Dictionary<string, string[]>
            {
                ["index"] = ["index is the file's position in the action's attachments: 0, 1, 2, …"],
            });
        }

        if (await instances.GetAsync(instanceId) is not { } state)
        {
            return ApiProblems.NotFound($"No instance has the id '{instanceId}'.");
        }

        if (!state.Steps.Any(s => s.TxId == txId))
        {
            return ApiProblems.NotFound($"Instance '{instanceId}' has no transaction '{txId}'.");
        }

        CommittedTransactionDocument transaction;
        try
        {
            transaction = await clients.Registers.GetTransactionAsync(state.Record.RegisterId, txId, ct);
        }
        catch (SorchaApiException e) when (e.Status == StatusCodes.Status404NotFound)
        {
            throw ProblemException.BadGateway($"The register does not hold the instance's transaction '{txId}'.");
        }

        var notYours = ApiProblems.NotFound(
            $"Transaction '{txId}' has no attachment {position} sealed for a wallet of yours.");
        if (SignedAttachments.Read(transaction.Payload) is not { } files || position >= files.GetArrayLength()
            || SignedAttachments.Envelopes(files[position]) is not { Count: > 0 } envelopes)
        {
            return notYours;
        }

        var mine = (await wallets.ListAsync(ct)).ToHashSet(StringComparer.Ordinal);
        foreach (var envelope in envelopes)
        {
            if (SignedAttachments.Text(envelope, "recipient") is { } recipient && mine.Contains(recipient))
            {
                return TypedResults.Ok(Parse(envelope, txId));
            }
        }

        return notYours;
    }

    private static AttachmentEnvelope Parse(JsonElement envelope, string txId)
    {
        try
        {
            return envelope.Deserialize<AttachmentEnvelope>(Web) is { Scheme: not null, Recipient: not null, Nonce: not null, Ciphertext: not null } e
                ? e
                : throw new JsonException("a member is missing");
        }
        catch (JsonException e)
        {
            throw ProblemException.BadGateway($"Transaction '{txId}' holds an envelope that is not one ({e.Message}).");
        }
    }

    /// <summary>A non-negative integer as RFC 6901 writes an index (no sign, no leading zero), at most 9 digits.</summary>
    [GeneratedRegex("^(0|[1-9][0-9]{0,8})$", RegexOptions.CultureInvariant)]
    private static partial Regex Index();
}
