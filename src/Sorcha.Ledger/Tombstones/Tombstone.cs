namespace Sorcha.Ledger.Tombstones;

/// <summary>
/// What a deleted register leaves behind (<c>GET /api/registers/{id}</c> answers it with 410): the register's id and
/// docket-signing key, the head of its last docket (<see cref="FinalDocket"/>, <see cref="FinalDocketHash"/>, and the
/// register tree <see cref="TreeSize"/>/<see cref="TreeRoot"/> that docket signed), when and by whom it was deleted,
/// and the register key's signature over <see cref="TombstoneHash"/>. A verifier that kept a docket and a consistency
/// proof up to the final docket can still prove, after the data is gone, what the register had been
/// (<see cref="TombstoneChecks"/>). A register deleted with no transaction has no final docket: size 0, no root,
/// <see cref="FinalDocketHash"/> the genesis link (64 zeros).
/// </summary>
public sealed record Tombstone(
    string RegisterId,
    string PublicKey,
    long? FinalDocket,
    string FinalDocketHash,
    long TreeSize,
    string? TreeRoot,
    string DeletedAt,
    string DeletedBy,
    string TombstoneHash,
    string Signature);
