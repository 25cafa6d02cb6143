namespace Sorcha.Wallet.Service.Access;

/// <summary>What a delegate may do with a wallet; <see cref="Sign"/> includes <see cref="Read"/>.</summary>
public enum WalletRights
{
    Read,
    Sign,
}

/// <summary>
/// Every way a route uses a wallet, and the right a delegate needs for it. Management (access, deletion, and any later
/// change to the wallet itself) needs none a delegate can hold: the owner only.
/// </summary>
public enum WalletUse
{
    Read,
    Sign,
    PrepareTransaction,
    Encrypt,
    Decrypt,
    Manage,
}

public static class WalletUses
{
    /// <summary>The right a delegate needs for <paramref name="use"/>; null: none suffices (owner only).</summary>
    public static WalletRights? Needs(this WalletUse use) => use switch
    {
        WalletUse.Read => WalletRights.Read,
        WalletUse.Sign or WalletUse.PrepareTransaction or WalletUse.Encrypt or WalletUse.Decrypt => WalletRights.Sign,
        _ => null,
    };

    /// <summary>The operation's name in logs and metrics.</summary>
    public static string Name(this WalletUse use) => use switch
    {
        WalletUse.Read => "read",
        WalletUse.Sign => "sign",
        WalletUse.PrepareTransaction => "prepare-transaction",
        WalletUse.Encrypt => "encrypt",
        WalletUse.Decrypt => "decrypt",
        _ => "manage",
    };
}

/// <summary>A grant as stored under its subject in <see cref="AccessKeys.Grants"/>.</summary>
public sealed record StoredGrant(WalletRights Rights, DateTimeOffset GrantedAt, DateTimeOffset? ExpiresAt)
{
    public bool IsLive(DateTimeOffset now) => ExpiresAt is not { } until || until > now;

    /// <summary>True while the grant lasts and covers <paramref name="needed"/> (sign covers read).</summary>
    public bool Allows(WalletRights needed, DateTimeOffset now) => IsLive(now) && Rights >= needed;
}
