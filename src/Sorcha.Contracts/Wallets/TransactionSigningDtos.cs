using System.Text.Json.Nodes;
using System.Text.Json.Serialization;

namespace Sorcha.Contracts.Wallets;

/// <summary>
/// <c>POST /api/wallets/{address}/transactions</c>: the unsigned transaction's fields; its payload is
/// <c>{ "envelopes": [...] }</c>, one envelope per entry of <see cref="Recipients"/>, in order. Strings and nullable
/// members, as the service binds them: every missing or malformed member is named in its 400.
/// </summary>
public sealed record PrepareTransactionRequest(string? RegisterId,
    [property: JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)] PreparedMetadata? Metadata,
    IReadOnlyList<RecipientData?>? Recipients,
    [property: JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)] IReadOnlyList<AttachmentData?>? Attachments = null);

/// <summary>
/// A file to seal once for each of <see cref="Recipients"/>: the payload gains <c>attachments[i]</c> =
/// <c>{ name, contentType, size, sha256, envelopes }</c>, its hash and size computed by the service from base64 <see cref="Data"/>.
/// </summary>
public sealed record AttachmentData(string? Name, string? ContentType, string? Data, IReadOnlyList<string?>? Recipients);

/// <summary>The ledger's optional metadata: every member optional (docs/api.md, "Seal and sign in one call"), absent ones stay absent.</summary>
public sealed record PreparedMetadata(
    [property: JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)] string? Type = null,
    [property: JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)] string? BlueprintId = null,
    [property: JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)] string? InstanceId = null,
    [property: JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)] string? ActionId = null);

/// <summary>Base64 <see cref="Data"/> to seal for the wallet <see cref="Recipient"/>.</summary>
public sealed record RecipientData(string? Recipient, string? Data);

/// <summary>
/// The signed transaction exactly as it is to be submitted, and its txId (what the signature covers). The service
/// writes the object the ledger's draft built, never re-serialized; Sorcha.Client reads the same answer typed
/// (its <c>PreparedTransaction</c>).
/// </summary>
public sealed record PreparedTransactionResponse(string TxId, JsonObject Transaction);
