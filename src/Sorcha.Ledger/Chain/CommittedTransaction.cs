using System.Text.Json.Serialization;

namespace Sorcha.Ledger.Chain;

/// <summary>
/// A committed transaction: the submitted object exactly as stored (<see cref="RawTransaction"/>, compact UTF-8) and
/// the commit fields. Serialises as the contract's flat <c>CommittedTransaction</c> object — the raw members verbatim,
/// then <c>txId</c>, <c>sequence</c>, <c>chainHash</c>, <c>docketNumber</c>?, <c>committedAt</c>.
/// </summary>
[JsonConverter(typeof(CommittedTransactionConverter))]
public sealed record CommittedTransaction(ReadOnlyMemory<byte> RawTransaction, CommitInfo Commit);
