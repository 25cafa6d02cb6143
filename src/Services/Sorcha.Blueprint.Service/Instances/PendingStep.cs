using System.Text.Json.Nodes;

namespace Sorcha.Blueprint.Service.Instances;

/// <summary>
/// A step's signed transaction, kept from just before its commit until the instance advances past it. When a commit's
/// outcome is unknown (its answer was lost, or this process died), the next attempt of the step commits this same
/// transaction again — the Transaction service is idempotent by txId — instead of signing a second one, so each step
/// is recorded in the register exactly once. <see cref="DataDigest"/> tells whether a retry carries the same data.
/// </summary>
public sealed record PendingStep(
    string ActionId,
    int Step,
    string TxId,
    JsonObject Transaction,
    string DataDigest,
    string? NextActionId,
    JsonObject Calculated,
    IReadOnlyList<string> Recipients);

/// <summary>What a submission will record once its data has passed the engine: everything but the downstream calls.</summary>
public sealed record StepPlan(
    string ActionId,
    string Sender,
    string? NextActionId,
    JsonObject Calculated,
    IReadOnlyList<DisclosedShare> Shares,
    string DataDigest);
