using Sorcha.Contracts.Transactions;
using Sorcha.Ledger.Dockets;

namespace Sorcha.Client;

/// <summary>One line of a register export: a committed transaction, or (after all of them) a docket.</summary>
public sealed record RegisterExportEntry(CommittedTransactionDocument? Transaction, Docket? Docket);

/// <summary>
/// <c>GET /api/registers/{id}/transactions?wallet&amp;blueprintId&amp;instanceId</c>: only the transactions every given
/// filter matches. <see cref="Wallet"/> matches the sender and every recipient of the payload's envelopes.
/// </summary>
public sealed record RegisterTransactionFilter(string? Wallet = null, string? BlueprintId = null, string? InstanceId = null);
