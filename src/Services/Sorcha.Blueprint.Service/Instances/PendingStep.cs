using System.Text.Json;
using System.Text.Json.Nodes;
using System.Text.Json.Serialization;
using Sorcha.Blueprint.Service.Attachments;
using Sorcha.Client;
using Sorcha.Contracts.Transactions;

namespace Sorcha.Blueprint.Service.Instances;

/// <summary>
/// A step's signed transaction, kept from just before its commit until the instance advances past it. When a commit's
/// outcome is unknown (its answer was lost, or this process died), the next attempt of the step commits this same
/// transaction again — the Transaction service is idempotent by txId — instead of signing a second one, so each step
/// is recorded in the register exactly once. <see cref="DataDigest"/> tells whether a retry carries the same data (and
/// files). <see cref="AttachmentBytes"/>: what the step reserved of its caller's attachment quota, given back if dropped.
/// </summary>
public sealed record PendingStep(
    string ActionId,
    int Step,
    string TxId,
    [property: JsonConverter(typeof(TransactionJson))] TransactionDocument Transaction,
    string DataDigest,
    string? NextActionId,
    JsonObject Calculated,
    IReadOnlyList<string> Recipients,
    long AttachmentBytes = 0);

/// <summary>
/// What a step will record once its data has passed the engine (or, for a rejection, once its reason was checked):
/// everything but the downstream calls. <see cref="Type"/> is the transaction's metadata type.
/// </summary>
public sealed record StepPlan(
    string ActionId,
    string Sender,
    string? NextActionId,
    JsonObject Calculated,
    IReadOnlyList<DisclosedShare> Shares,
    string DataDigest,
    string Type = StepPlan.ActionType)
{
    /// <summary>The action's files and who receives each; empty for most actions and every rejection.</summary>
    public IReadOnlyList<PlannedAttachment> Attachments { get; init; } = [];

    /// <summary>What the files seal, once per recipient: the step's charge against its caller's quota.</summary>
    public long AttachmentBytes => Attachments.Sum(a => a.SealedBytes);

    public const string ActionType = "Action";
    public const string RejectionType = "Rejection";
}

/// <summary>
/// A pending transaction in Redis is written as the platform writes a Transaction (Sorcha.Client's JSON: algorithm
/// names, no nulls), not with the store's own options, so pending steps stored by any version read back the same.
/// </summary>
internal sealed class TransactionJson : JsonConverter<TransactionDocument>
{
    public override TransactionDocument Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options) =>
        JsonSerializer.Deserialize(ref reader, SorchaJsonContext.Default.TransactionDocument)!;

    public override void Write(Utf8JsonWriter writer, TransactionDocument value, JsonSerializerOptions options) =>
        JsonSerializer.Serialize(writer, value, SorchaJsonContext.Default.TransactionDocument);
}
