using System.Globalization;
using System.Text.Json;
using System.Text.Json.Nodes;
using Sorcha.Cryptography;

namespace Sorcha.Ledger.Transactions;

/// <summary>
/// A transaction assembled for signing: the JSON object the ledger will store and its txId. It is built here, next to
/// <see cref="TransactionParser"/>, so a signer that is not the submitter (the Wallet service signing an action for the
/// Blueprint service) signs exactly the bytes the Transaction service parses and hashes: txId = SHA-256 of the JCS
/// bytes without <c>signature</c>, computed by the same <see cref="TransactionId"/> the parser uses.
/// </summary>
public sealed class TransactionDraft
{
    private readonly JsonObject _unsigned;

    private TransactionDraft(JsonObject unsigned, byte[] txId)
    {
        _unsigned = unsigned;
        TxId = txId;
    }

    /// <summary>The 32 bytes a signer signs.</summary>
    public byte[] TxId { get; }

    /// <summary>Absent metadata members stay absent (the parser refuses nulls there).</summary>
    /// <exception cref="FormatException">The payload has no RFC 8785 canonical form.</exception>
    public static TransactionDraft Create(string registerId, string sender, SignatureAlgorithm algorithm, byte[] publicKey,
        JsonNode? payload, TransactionMetadata? metadata, DateTimeOffset timestamp)
    {
        var unsigned = new JsonObject
        {
            [TransactionFields.RegisterId] = registerId,
            [TransactionFields.Sender] = sender,
            [TransactionFields.Algorithm] = AlgorithmNames.ToName(algorithm),
            [TransactionFields.PublicKey] = Convert.ToBase64String(publicKey),
            [TransactionFields.Payload] = payload,
            [TransactionFields.Timestamp] = FormatTimestamp(timestamp),
        };
        if (metadata is not null)
        {
            var members = new JsonObject();
            Add(members, TransactionFields.MetadataType, metadata.Type);
            Add(members, TransactionFields.MetadataBlueprintId, metadata.BlueprintId);
            Add(members, TransactionFields.MetadataInstanceId, metadata.InstanceId);
            Add(members, TransactionFields.MetadataActionId, metadata.ActionId);
            unsigned[TransactionFields.Metadata] = members;
        }

        using var document = JsonDocument.Parse(unsigned.ToJsonString());
        return TransactionId.TryCompute(document.RootElement, out var txId, out var error)
            ? new TransactionDraft(unsigned, txId)
            : throw new FormatException($"The transaction {error!.Message}");
    }

    /// <summary>The ledger's timestamp form, <c>yyyy-MM-ddTHH:mm:ss.fffZ</c> (UTC, milliseconds).</summary>
    public static string FormatTimestamp(DateTimeOffset value) =>
        value.UtcDateTime.ToString("yyyy-MM-dd'T'HH:mm:ss.fff'Z'", CultureInfo.InvariantCulture);

    /// <summary>The transaction with <paramref name="signature"/> (over <see cref="TxId"/>) added: what is submitted.</summary>
    public JsonObject Sign(byte[] signature)
    {
        var signed = (JsonObject)_unsigned.DeepClone();
        signed[TransactionFields.Signature] = Convert.ToBase64String(signature);
        return signed;
    }

    private static void Add(JsonObject members, string name, string? value)
    {
        if (value is not null)
        {
            members[name] = value;
        }
    }
}
