namespace Sorcha.Ledger.Dockets;

/// <summary>
/// Proof that <see cref="TxId"/> is in <see cref="Docket"/>: <see cref="LeafIndex"/> = sequence − docket.firstSequence,
/// <see cref="AuditPath"/> = the RFC 9162 inclusion path (lowercase hex), checkable against docket.merkleRoot.
/// </summary>
public sealed record InclusionProof(string TxId, long Sequence, Docket Docket, long LeafIndex, IReadOnlyList<string> AuditPath);
