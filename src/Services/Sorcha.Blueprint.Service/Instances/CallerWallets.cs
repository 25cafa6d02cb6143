using Sorcha.Blueprint.Service.Platform;
using Sorcha.Client;
using Sorcha.Contracts.Wallets;

namespace Sorcha.Blueprint.Service.Instances;

/// <summary>
/// The addresses of the wallets the caller may act with: its own, and those delegated to it with <c>sign</c> (docs/api.md,
/// "Wallet access"), asked of the Wallet service as the caller (its token, forwarded) at every read of the inbox or the
/// lists: ownership and grants live there, and a wallet recovered, deleted or revoked a moment ago counts as it is now.
/// Page by page (100 a page), so a caller's wallet quota bounds the calls for its own wallets; delegated ones, which
/// other callers grant, are read up to <see cref="MaxDelegatedPages"/> pages.
/// </summary>
public sealed class CallerWallets(PlatformClients clients)
{
    private const int PageSize = 100;

    /// <summary>At most 1,000 delegated wallets count: others' grants must not make one caller's inbox read unbounded.</summary>
    public const int MaxDelegatedPages = 10;

    public async Task<IReadOnlyList<string>> ListAsync(CancellationToken ct)
    {
        var addresses = new List<string>();
        for (var page = 1; ; page++)
        {
            var wallets = await clients.Wallets.ListAsync(page, PageSize, ct);
            addresses.AddRange(wallets.Items.Select(w => w.Address));
            if (wallets.Items.Count < PageSize || addresses.Count >= wallets.TotalCount)
            {
                break;
            }
        }

        for (var page = 1; page <= MaxDelegatedPages; page++)
        {
            var delegated = await clients.Wallets.ListDelegatedAsync(page, PageSize, ct);
            addresses.AddRange(delegated.Items.Where(w => w.Rights == WalletRightNames.Sign).Select(w => w.Address));
            if (delegated.Items.Count < PageSize || (long)page * PageSize >= delegated.TotalCount)
            {
                break;
            }
        }

        return addresses;
    }
}
