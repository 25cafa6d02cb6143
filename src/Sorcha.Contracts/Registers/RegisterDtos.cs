using System.Text.Json.Serialization;

namespace Sorcha.Contracts.Registers;

public sealed record CreateRegisterRequest(string? Name);

/// <summary>
/// api.md's Register; <see cref="PublicKey"/> is the register's own Ed25519 docket-signing key (base64 on the wire,
/// 32 bytes). <see cref="CreatedAt"/> stays the ledger's text (<c>yyyy-MM-ddTHH:mm:ss.fffZ</c>), as written.
/// <see cref="State"/> is <c>active</c> or <c>archived</c> (<see cref="RegisterStates"/>); an archived register has
/// <see cref="ArchivedAt"/> and takes no more transactions (a deleted one answers 410 with its tombstone instead).
/// </summary>
public sealed record RegisterDto(string Id, string Name, long Height, string HeadChainHash, byte[] PublicKey, string CreatedAt,
    string? Description = null, string State = RegisterStates.Active, string? ArchivedAt = null);

/// <summary>The values of <see cref="RegisterDto.State"/>.</summary>
public static class RegisterStates
{
    public const string Active = "active";
    public const string Archived = "archived";
}

/// <summary>
/// <c>PATCH /api/registers/{id}</c> as JSON Merge Patch: a member left out stays as it is. <c>name</c> cannot be
/// removed (null is 400); <c>description</c> set to null (or "") removes it. The setters record which members were
/// given, which a plain property cannot tell from null.
/// </summary>
public sealed record UpdateRegisterRequest
{
    private readonly string? _name;
    private readonly string? _description;

    public string? Name { get => _name; init => (_name, NameGiven) = (value, true); }

    public string? Description { get => _description; init => (_description, DescriptionGiven) = (value, true); }

    [JsonIgnore]
    public bool NameGiven { get; private init; }

    [JsonIgnore]
    public bool DescriptionGiven { get; private init; }
}

/// <summary><c>GET /api/registers/{id}/writers</c>: <c>owner</c> is the creator's token subject; <c>writers</c> the granted subjects in ordinal order.</summary>
public sealed record RegisterWritersDto(string RegisterId, string Owner, IReadOnlyList<string> Writers);

/// <summary>
/// <c>GET /api/registers/{id}/stats</c>: <c>lastSealedAt</c> is the last docket's <c>sealedAt</c> as it was signed,
/// null before the first docket; <c>byType</c> maps metadata.type to its count (untyped transactions are in no entry).
/// </summary>
public sealed record RegisterStatsDto(long Height, long Dockets, string? LastSealedAt, IReadOnlyDictionary<string, long> ByType);
