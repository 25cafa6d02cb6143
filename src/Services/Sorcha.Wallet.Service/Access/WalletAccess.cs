using System.Security.Claims;
using Sorcha.ApiPlatform.Auth;
using Sorcha.Wallet.Service.Storage;

namespace Sorcha.Wallet.Service.Access;

/// <summary>
/// The one check of who may use a wallet, at the moment of every use: its owner for anything; a delegate for what its
/// grant covers (<see cref="WalletUses.Needs"/>) while the grant lasts, the grant read from Redis each time, never
/// cached, so a revocation or an expiry is seen at once on every replica. Everyone else, and a delegate asking for more
/// than its grant, is answered as for a wallet that does not exist (null: the routes' 404), so a revoked or expired
/// delegate learns no more than a stranger. Each use by a delegate is logged with both subjects and counted.
/// </summary>
public sealed partial class WalletAccess(WalletStore wallets, AccessStore grants, TimeProvider clock, ILogger<WalletAccess> logger)
{
    public async Task<WalletRecord?> FindAsync(string address, ClaimsPrincipal user, WalletUse use)
    {
        var caller = user.CallerId();
        if (await wallets.GetAsync(address) is not { } wallet)
        {
            return null;
        }

        if (wallet.Owner == caller)
        {
            return wallet;
        }

        if (use.Needs() is not { } needed || await grants.FindAsync(address, caller) is not { } grant
            || !grant.Allows(needed, clock.GetUtcNow()))
        {
            return null;
        }

        AccessTelemetry.DelegateUsed(use);
        DelegateUsed(logger, caller, wallet.Address, wallet.Owner, use.Name());
        return wallet;
    }

    /// <summary>The wallet if <paramref name="user"/> owns it (management routes).</summary>
    public Task<WalletRecord?> FindOwnedAsync(string address, ClaimsPrincipal user) => FindAsync(address, user, WalletUse.Manage);

    [LoggerMessage(EventId = 4201, Level = LogLevel.Information,
        Message = "Delegate {Delegate} used wallet {Address} of {Owner} to {Operation}")]
    private static partial void DelegateUsed(ILogger logger, string @delegate, string address, string owner, string operation);
}
