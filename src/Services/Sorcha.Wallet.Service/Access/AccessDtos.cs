using System.Text.Json.Serialization;
using Sorcha.Wallet.Service.Storage;

namespace Sorcha.Wallet.Service.Access;

/// <summary>PUT /api/wallets/{address}/access/{subject}: <c>rights</c> "read" or "sign"; <c>expiresAt</c> an RFC 3339 instant, optional.</summary>
public sealed record GrantAccessRequest(string? Rights,
    [property: JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)] string? ExpiresAt);

/// <summary>One grant as its owner sees it.</summary>
public sealed record AccessGrantDto(string Subject, string Rights, DateTimeOffset GrantedAt,
    [property: JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)] DateTimeOffset? ExpiresAt)
{
    public static AccessGrantDto From(string subject, StoredGrant grant) =>
        new(subject, RightsNames.Of(grant.Rights), grant.GrantedAt, grant.ExpiresAt);
}

/// <summary>A wallet delegated to the caller (GET /api/wallets/delegated): api.md's Wallet plus the caller's rights on it.</summary>
public sealed record DelegatedWalletDto(string Address, string Name, string Algorithm, string PublicKey, string EncryptionPublicKey,
    DateTimeOffset CreatedAt, string Rights,
    [property: JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)] DateTimeOffset? ExpiresAt)
{
    public static DelegatedWalletDto From(WalletRecord w, StoredGrant grant) => new(w.Address, w.Name, w.Algorithm.ToString(),
        Convert.ToBase64String(w.PublicKey), Convert.ToBase64String(w.EncryptionPublicKey), w.CreatedAt, RightsNames.Of(grant.Rights),
        grant.ExpiresAt);
}

public static class RightsNames
{
    public const string Allowed = "rights must be \"read\" or \"sign\".";

    public static string Of(WalletRights rights) => rights == WalletRights.Sign ? "sign" : "read";

    public static bool TryParse(string? value, out WalletRights rights)
    {
        rights = value == "sign" ? WalletRights.Sign : WalletRights.Read;
        return value is "read" or "sign";
    }
}
