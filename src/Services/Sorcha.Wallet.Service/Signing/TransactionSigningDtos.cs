using System.Text.Json.Serialization;
using System.Text.Json.Nodes;

namespace Sorcha.Wallet.Service.Signing;

/// <summary>
/// <c>POST /api/wallets/{address}/transactions</c>: the unsigned transaction's fields; its payload is
/// <c>{ "envelopes": [...] }</c>, one envelope per entry of <see cref="Recipients"/>, in order.
/// </summary>
public sealed record PrepareTransactionRequest(string? RegisterId,
    [property: JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)] PreparedMetadata? Metadata,
    IReadOnlyList<RecipientData?>? Recipients,
    [property: JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)] IReadOnlyList<AttachmentData?>? Attachments = null);

/// <summary>
/// A file to seal once for each of <see cref="Recipients"/>: the payload gains <c>attachments[i]</c> =
/// <c>{ name, contentType, size, sha256, envelopes }</c>, its hash and size computed here from <see cref="Data"/>.
/// </summary>
public sealed record AttachmentData(string? Name, string? ContentType, string? Data, IReadOnlyList<string?>? Recipients);

/// <summary>The ledger's optional metadata; absent members stay absent.</summary>
/// <summary>Every member optional (docs/api.md, "Seal and sign in one call"); JsonIgnore marks them so in the document.</summary>
public sealed record PreparedMetadata(
    [property: JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)] string? Type,
    [property: JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)] string? BlueprintId,
    [property: JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)] string? InstanceId,
    [property: JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)] string? ActionId);

/// <summary>Base64 <see cref="Data"/> to seal for the wallet <see cref="Recipient"/>.</summary>
public sealed record RecipientData(string? Recipient, string? Data);

/// <summary>The signed transaction exactly as it is to be submitted, and its txId (what the signature covers).</summary>
public sealed record PreparedTransactionResponse(string TxId, JsonObject Transaction);
