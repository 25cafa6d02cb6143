using Sorcha.Contracts.Wallets;
using Sorcha.Wallet.Service.Storage;

namespace Sorcha.Wallet.Service.Access;

/// <summary>Grants and delegated wallets as the contract's answers show them (Sorcha.Contracts.Wallets).</summary>
internal static class AccessDtos
{
    public static AccessGrantDto Grant(string subject, StoredGrant grant) =>
        new(subject, RightsNames.Of(grant.Rights), grant.GrantedAt, grant.ExpiresAt);

    public static DelegatedWalletDto Delegated(WalletRecord w, StoredGrant grant) => new(w.Address, w.Name, w.Algorithm, w.PublicKey,
        w.EncryptionPublicKey, w.CreatedAt, RightsNames.Of(grant.Rights), grant.ExpiresAt);
}

public static class RightsNames
{
    public const string Allowed = "rights must be \"read\" or \"sign\".";

    public static string Of(WalletRights rights) => rights == WalletRights.Sign ? WalletRightNames.Sign : WalletRightNames.Read;

    public static bool TryParse(string? value, out WalletRights rights)
    {
        rights = value == WalletRightNames.Sign ? WalletRights.Sign : WalletRights.Read;
        return value is WalletRightNames.Read or WalletRightNames.Sign;
    }
}
