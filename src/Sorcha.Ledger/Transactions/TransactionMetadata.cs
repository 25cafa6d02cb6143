namespace Sorcha.Ledger.Transactions;

/// <summary>The decoded optional <c>metadata</c> object; each field is null when it was absent.</summary>
public sealed record TransactionMetadata(string? Type, string? BlueprintId, string? InstanceId, string? ActionId);
