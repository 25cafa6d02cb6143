namespace Sorcha.Client;

/// <summary>api.md's Register; <see cref="PublicKey"/> is the register's own Ed25519 docket-signing key.</summary>
public sealed record Register(string Id, string Name, long Height, string HeadChainHash, byte[] PublicKey, DateTimeOffset CreatedAt);

public sealed record CreateRegisterRequest(string Name);

/// <summary>
/// A sealed block of consecutive sequences. Every member is kept as the string the server wrote (notably
/// <see cref="SealedAt"/>, which is hashed as that exact text), so a client can recompute <see cref="DocketHash"/>.
/// <see cref="TreeSize"/>/<see cref="TreeRoot"/> (the register tree over every txId so far) are null only in dockets
/// sealed before register trees existed.
/// </summary>
public sealed record Docket(
    string RegisterId,
    long Number,
    long FirstSequence,
    long LastSequence,
    string MerkleRoot,
    string PreviousDocketHash,
    string SealedAt,
    string DocketHash,
    string Signature,
    long? TreeSize = null,
    string? TreeRoot = null);

/// <summary><c>GET /api/registers/{id}/consistency</c>: the RFC 9162 proof that <see cref="To"/>'s tree extends <see cref="From"/>'s.</summary>
public sealed record ConsistencyProof(Docket From, Docket To, IReadOnlyList<string> Proof);

/// <summary><c>GET /api/registers/{id}/writers</c>: the owner's subject and the granted writers' subjects.</summary>
public sealed record RegisterWriters(string RegisterId, string Owner, IReadOnlyList<string> Writers);

/// <summary>The RFC 9162 inclusion proof of a transaction in its docket (<c>leafIndex</c> = sequence − firstSequence).</summary>
public sealed record InclusionProof(string TxId, long Sequence, Docket Docket, long LeafIndex, IReadOnlyList<string> AuditPath);

/// <summary>
/// <c>GET /api/registers/{id}/verify</c>: whether every txId, signature, chain hash, Merkle root and docket link
/// recomputed; on the first fault, where it is and why.
/// </summary>
public sealed record RegisterVerification(
    bool Valid, long CheckedTransactions, long CheckedDockets, long? FirstInvalidSequence = null, long? FirstInvalidDocket = null,
    string? Reason = null);

/// <summary>One line of a register export: a committed transaction, or (after all of them) a docket.</summary>
public sealed record RegisterExportEntry(CommittedTransaction? Transaction, Docket? Docket);

/// <summary>
/// <c>GET /api/registers/{id}/transactions?wallet&amp;blueprintId&amp;instanceId</c>: only the transactions every given
/// filter matches. <see cref="Wallet"/> matches the sender and every recipient of the payload's envelopes.
/// </summary>
public sealed record RegisterTransactionFilter(string? Wallet = null, string? BlueprintId = null, string? InstanceId = null);

/// <summary>
/// <c>GET /api/registers/{id}/stats</c>. <see cref="LastSealedAt"/> is the last docket's sealedAt as signed (null before
/// the first); <see cref="ByType"/> counts transactions per metadata type (untyped ones are in no entry).
/// </summary>
public sealed record RegisterStats(long Height, long Dockets, string? LastSealedAt, IReadOnlyDictionary<string, long> ByType);
