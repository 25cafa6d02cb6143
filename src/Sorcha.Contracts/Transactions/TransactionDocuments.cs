using System.Text.Json;
using System.Text.Json.Serialization;
using Sorcha.Cryptography;

namespace Sorcha.Contracts.Transactions;

/// <summary>
/// api.md's Transaction, as a client builds and signs it (Sorcha.Client's <c>TransactionSigner</c>). The Transaction
/// service never binds it: a submission is parsed from its exact bytes (Sorcha.Ledger), because the txId is computed
/// over what was sent; the service names it for its OpenAPI document. <see cref="Timestamp"/> stays the string that was
/// hashed; <see cref="Payload"/> is any JSON value (JSON null included, so it is always written); keys and the
/// signature are base64 on the wire.
/// </summary>
public record TransactionDocument(
    string RegisterId,
    string Sender,
    [property: JsonConverter(typeof(JsonStringEnumConverter<SignatureAlgorithm>))] SignatureAlgorithm Algorithm,
    byte[] PublicKey,
    [property: JsonIgnore(Condition = JsonIgnoreCondition.Never)] JsonElement Payload,
    [property: JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)] TransactionMetadataDocument? Metadata,
    string Timestamp,
    byte[] Signature);

/// <summary>Every member optional (a plain data transaction sends only <c>type</c>); absent members stay absent.</summary>
public sealed record TransactionMetadataDocument(string? Type = null, string? BlueprintId = null, string? InstanceId = null,
    string? ActionId = null);

/// <summary><c>POST /api/transactions/batch</c>: 1 to 1,000 transactions (parsed from their bytes like a single one).</summary>
public sealed record BatchDocument(IReadOnlyList<TransactionDocument> Transactions);

/// <summary>
/// A committed transaction read typed: everything submitted, plus where it sits in the chain. The services answer
/// with the stored bytes verbatim (the <c>StoredTransaction</c> schema, any JSON: Sorcha.Registers.Store writes them);
/// this is how a .NET client reads that answer. <see cref="CommittedAt"/> stays the text that was written.
/// </summary>
public sealed record CommittedTransactionDocument(
    string RegisterId,
    string Sender,
    SignatureAlgorithm Algorithm,
    byte[] PublicKey,
    JsonElement Payload,
    TransactionMetadataDocument? Metadata,
    string Timestamp,
    byte[] Signature,
    string TxId,
    long Sequence,
    string ChainHash,
    long? DocketNumber,
    string CommittedAt)
    : TransactionDocument(RegisterId, Sender, Algorithm, PublicKey, Payload, Metadata, Timestamp, Signature);

/// <summary><c>GET /api/transactions/{txId}</c>: where a transaction was committed.</summary>
public sealed record TransactionLocation(string TxId, string RegisterId, long Sequence);

/// <summary><c>GET /api/transactions</c>: what a submission may weigh (bytes as sent) and how many a batch may hold.</summary>
public sealed record TransactionLimits(int MaxTransactionBytes, int MaxBatchSize, int MaxBatchBytes);
