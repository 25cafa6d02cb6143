namespace Sorcha.Ledger.Chain;

/// <summary>
/// What the register adds to a submitted transaction when it commits it. <see cref="DocketNumber"/> is null until the
/// docket covering <see cref="Sequence"/> is sealed (and is then omitted from the JSON).
/// </summary>
public sealed record CommitInfo(string TxId, long Sequence, string ChainHash, long? DocketNumber, DateTimeOffset CommittedAt);
