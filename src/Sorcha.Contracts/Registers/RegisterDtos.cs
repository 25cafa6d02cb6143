namespace Sorcha.Contracts.Registers;

public sealed record CreateRegisterRequest(string? Name);

/// <summary>
/// api.md's Register; <see cref="PublicKey"/> is the register's own Ed25519 docket-signing key (base64 on the wire,
/// 32 bytes). <see cref="CreatedAt"/> stays the ledger's text (<c>yyyy-MM-ddTHH:mm:ss.fffZ</c>), as written.
/// </summary>
public sealed record RegisterDto(string Id, string Name, long Height, string HeadChainHash, byte[] PublicKey, string CreatedAt);

/// <summary><c>GET /api/registers/{id}/writers</c>: <c>owner</c> is the creator's token subject; <c>writers</c> the granted subjects in ordinal order.</summary>
public sealed record RegisterWritersDto(string RegisterId, string Owner, IReadOnlyList<string> Writers);

/// <summary>
/// <c>GET /api/registers/{id}/stats</c>: <c>lastSealedAt</c> is the last docket's <c>sealedAt</c> as it was signed,
/// null before the first docket; <c>byType</c> maps metadata.type to its count (untyped transactions are in no entry).
/// </summary>
public sealed record RegisterStatsDto(long Height, long Dockets, string? LastSealedAt, IReadOnlyDictionary<string, long> ByType);
