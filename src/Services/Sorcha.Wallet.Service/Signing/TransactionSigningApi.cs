using System.Security.Claims;
using System.Text.Json;
using System.Text.Json.Nodes;
using Microsoft.AspNetCore.Http.HttpResults;
using Microsoft.AspNetCore.Mvc;
using Sorcha.ApiPlatform.Api;
using Sorcha.ApiPlatform.Auth;
using Sorcha.ApiPlatform.Problems;
using Sorcha.ApiPlatform.Secrets;
using Sorcha.Contracts.Wallets;
using Sorcha.Cryptography;
using Sorcha.Ledger.Transactions;
using Sorcha.Wallet.Service.Access;
using Sorcha.Wallet.Service.Encryption;
using Sorcha.Wallet.Service.Storage;
using Sorcha.Wallet.Service.Wallets;

namespace Sorcha.Wallet.Service.Signing;

/// <summary>
/// Encrypt-for-every-recipient and sign in one call (docs/api.md, "Seal and sign in one call"): an action used to need one encrypt call
/// per recipient and a sign call. The transaction is assembled by Sorcha.Ledger's <see cref="TransactionDraft"/>, so
/// the signature covers exactly the bytes the Transaction service hashes; the private key never leaves this service.
/// </summary>
public static class TransactionSigningApi
{
    /// <summary>As many as a blueprint has participants (each gets at most one disclosure per action).</summary>
    public const int MaxRecipients = 100;

    /// <summary>The envelopes as api.md's Envelope, as the encrypt endpoint answers them.</summary>
    private static readonly JsonSerializerOptions Web = new(JsonSerializerDefaults.Web);

    public static void MapTransactionSigningApi(this IEndpointRouteBuilder app)
    {
        app.MapPost("/api/wallets/{address}/transactions", Prepare).RequireAuthorization().WithTags("Signing")
            .WithName("PrepareTransaction")
            .WithSummary("Seals each recipient's data into the payload and signs the transaction with one of the caller's wallets.")
            .WithMetadata(new RequestSizeLimitAttribute(SigningApi.MaxBodyBytes))
            .ProducesProblem(StatusCodes.Status404NotFound)
            .ProducesProblem(StatusCodes.Status413PayloadTooLarge)
            .ProducesProblem(StatusCodes.Status422UnprocessableEntity);
    }

    private static async Task<Results<Ok<PreparedTransactionResponse>, ValidationProblem, ProblemHttpResult>> Prepare(
        string address, PrepareTransactionRequest request, ClaimsPrincipal user, WalletStore store, WalletAccess access, KeyEncryptionKey kek,
        OpenKeys keys, TimeProvider clock)
    {
        var errors = new FieldErrors();
        var registerId = errors.Required("registerId", request.RegisterId, TransactionParser.MaxRegisterIdLength);
        var sealedFor = ReadRecipients(request.Recipients, errors);
        var attachments = TransactionAttachments.ReadAll(request.Attachments, errors);
        if (errors.Any)
        {
            return TypedResults.ValidationProblem(errors.ToDictionary());
        }

        // Bounded like sign and encrypt: 1 MiB of data in all, however it is split (a file counts once per recipient).
        if (sealedFor.Sum(r => (long)r.Data.Length) + attachments.Sum(a => a.SealedBytes) > SigningApi.MaxDataBytes)
        {
            return ApiProblems.TooLarge(attachments.Count == 0 ? "recipients[].data" : "recipients[].data with attachments",
                SigningApi.MaxDataBytes);
        }

        // The sender's and the recipients' records in one wait: each is a Redis read.
        var distinct = sealedFor.Select(r => r.Address).Concat(attachments.SelectMany(a => a.Recipients))
            .Distinct(StringComparer.Ordinal).ToList();
        var senderRead = access.FindAsync(address, user, WalletUse.PrepareTransaction);
        var recipientReads = distinct.Select(store.GetAsync).ToList();
        await Task.WhenAll(recipientReads.Append<Task>(senderRead));
        if (senderRead.Result is not { } wallet)
        {
            return WalletProblems.NotFound(address);
        }

        var recipients = new Dictionary<string, WalletRecord>(StringComparer.Ordinal);
        for (var i = 0; i < distinct.Count; i++)
        {
            if (recipientReads[i].Result is not { } recipient)
            {
                // Not 404: the wallet named in the path exists; a body member naming nothing is a refused request.
                return ApiProblems.Unprocessable($"No wallet has the address '{distinct[i]}'.", "Recipient not found");
            }

            recipients[distinct[i]] = recipient;
        }

        var envelopes = new JsonArray();
        foreach (var (recipientAddress, data) in sealedFor)
        {
            var recipient = recipients[recipientAddress];
            var envelope = Envelopes.Seal(recipient.Algorithm, recipient.Address, recipient.EncryptionPublicKey, data);
            envelopes.Add(JsonSerializer.SerializeToNode(EnvelopeDtos.From(envelope), Web));
        }

        // No attachments, no member: a transaction without files is exactly as before.
        var payload = new JsonObject { ["envelopes"] = envelopes };
        if (attachments.Count > 0)
        {
            payload["attachments"] = TransactionAttachments.Seal(attachments, recipients, Web);
        }

        var metadata = request.Metadata is { } m ? new TransactionMetadata(m.Type, m.BlueprintId, m.InstanceId, m.ActionId) : null;
        var draft = TransactionDraft.Create(registerId!, wallet.Address, wallet.Algorithm, wallet.PublicKey,
            payload, metadata, clock.GetUtcNow());
        var signed = draft.Sign(keys.Sign(kek, wallet, draft.TxId));
        return TypedResults.Ok(new PreparedTransactionResponse(Hashes.ToHex(draft.TxId), signed));
    }

    private static List<(string Address, byte[] Data)> ReadRecipients(IReadOnlyList<RecipientData?>? given, FieldErrors errors)
    {
        var read = new List<(string, byte[])>();
        if (given is null)
        {
            errors.Add("recipients", "recipients is required (an empty list seals nothing).");
            return read;
        }

        if (given.Count > MaxRecipients)
        {
            errors.Add("recipients", $"at most {MaxRecipients} recipients.");
            return read;
        }

        for (var i = 0; i < given.Count; i++)
        {
            var field = $"recipients[{i}]";
            if (given[i] is not { } entry)
            {
                errors.Add(field, "must be { recipient, data }.");
                continue;
            }

            var data = errors.Base64($"{field}.data", entry.Data);
            if (!Addresses.TryParse(entry.Recipient ?? "", out _, out _))
            {
                errors.Add($"{field}.recipient", "recipient must be a wallet address (bech32m, hrp \"ws\").");
            }
            else if (data is not null)
            {
                read.Add((entry.Recipient!, data));
            }
        }

        return read;
    }
}
