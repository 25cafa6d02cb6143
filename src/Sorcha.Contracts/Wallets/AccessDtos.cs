using System.Text.Json.Serialization;
using Sorcha.Cryptography;

namespace Sorcha.Contracts.Wallets;

/// <summary>The rights a wallet's owner grants (docs/wallets.md, "Wallet access"): <see cref="Sign"/> includes <see cref="Read"/>.</summary>
public static class WalletRightNames
{
    public const string Read = "read";
    public const string Sign = "sign";
}

/// <summary>
/// <c>PUT /api/wallets/{address}/access/{subject}</c>: <c>rights</c> "read" or "sign"; <c>expiresAt</c> an RFC 3339
/// instant, optional (without it the grant lasts until revoked). Strings, so a bad value is the service's own 400.
/// </summary>
public sealed record GrantAccessRequest(string? Rights,
    [property: JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)] string? ExpiresAt = null);

/// <summary>One grant as its owner sees it.</summary>
public sealed record AccessGrantDto(string Subject, string Rights, DateTimeOffset GrantedAt,
    [property: JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)] DateTimeOffset? ExpiresAt);

/// <summary>A wallet delegated to the caller (<c>GET /api/wallets/delegated</c>): api.md's Wallet plus the caller's rights on it.</summary>
public sealed record DelegatedWalletDto(string Address, string Name,
    [property: JsonConverter(typeof(JsonStringEnumConverter<SignatureAlgorithm>))] SignatureAlgorithm Algorithm,
    byte[] PublicKey, byte[] EncryptionPublicKey, DateTimeOffset CreatedAt, string Rights,
    [property: JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)] DateTimeOffset? ExpiresAt);
