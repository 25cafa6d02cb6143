using System.Text.Json;
using System.Text.Json.Nodes;
using Sorcha.ApiPlatform.Api;
using Sorcha.Contracts.Wallets;
using Sorcha.Cryptography;
using Sorcha.Wallet.Service.Encryption;
using Sorcha.Wallet.Service.Storage;

namespace Sorcha.Wallet.Service.Signing;

/// <summary>
/// The files of a sealed transaction (docs/api.md, "Attachments"): each is sealed once per recipient, and its SHA-256
/// (lowercase hex), size, name and type go into the signed payload beside the envelopes, so the signature covers
/// which file was sent. The hash is computed here, where the plaintext is; the caller (the Blueprint service) checks it.
/// </summary>
internal static class TransactionAttachments
{
    public const int MaxAttachments = 100;
    public const int MaxTextLength = 255;

    public sealed record Read(string Name, string ContentType, byte[] Data, IReadOnlyList<string> Recipients)
    {
        /// <summary>What it costs to seal: once per recipient, and once even for none (it was still sent).</summary>
        public long SealedBytes => (long)Data.Length * Math.Max(1, Recipients.Count);
    }

    public static List<Read> ReadAll(IReadOnlyList<AttachmentData?>? given, FieldErrors errors)
    {
        var read = new List<Read>();
        if (given is null)
        {
            return read;
        }

        if (given.Count > MaxAttachments)
        {
            errors.Add("attachments", $"at most {MaxAttachments} attachments.");
            return read;
        }

        for (var i = 0; i < given.Count; i++)
        {
            var field = $"attachments[{i}]";
            if (given[i] is not { } entry)
            {
                errors.Add(field, "must be { name, contentType, data, recipients }.");
                continue;
            }

            var name = errors.Required($"{field}.name", entry.Name, MaxTextLength);
            var type = errors.Required($"{field}.contentType", entry.ContentType, MaxTextLength);
            var data = errors.Base64($"{field}.data", entry.Data);
            var recipients = new List<string>();
            if (entry.Recipients is not { Count: <= TransactionSigningApi.MaxRecipients } list)
            {
                errors.Add($"{field}.recipients", $"recipients is required, at most {TransactionSigningApi.MaxRecipients} addresses.");
            }
            else
            {
                for (var r = 0; r < list.Count; r++)
                {
                    if (Addresses.TryParse(list[r] ?? "", out _, out _))
                    {
                        recipients.Add(list[r]!);
                    }
                    else
                    {
                        errors.Add($"{field}.recipients[{r}]", "must be a wallet address (bech32m, hrp \"ws\").");
                    }
                }
            }

            if (name is not null && type is not null && data is not null)
            {
                read.Add(new Read(name, type, data, recipients));
            }
        }

        return read;
    }

    /// <summary>The payload's <c>attachments</c> member: each file's description and its envelopes, in order.</summary>
    public static JsonArray Seal(IReadOnlyList<Read> attachments, IReadOnlyDictionary<string, WalletRecord> wallets,
        JsonSerializerOptions json)
    {
        var sealedFiles = new JsonArray();
        foreach (var file in attachments)
        {
            var envelopes = new JsonArray();
            foreach (var address in file.Recipients)
            {
                var recipient = wallets[address];
                var envelope = Envelopes.Seal(recipient.Algorithm, recipient.Address, recipient.EncryptionPublicKey, file.Data);
                envelopes.Add(JsonSerializer.SerializeToNode(EnvelopeDtos.From(envelope), json));
            }

            sealedFiles.Add(new JsonObject
            {
                ["name"] = file.Name,
                ["contentType"] = file.ContentType,
                ["size"] = file.Data.Length,
                ["sha256"] = Hashes.ToHex(Hashes.Sha256(file.Data)),
                ["envelopes"] = envelopes,
            });
        }

        return sealedFiles;
    }
}
