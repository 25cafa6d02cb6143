using Sorcha.Blueprint.Service.Platform;

namespace Sorcha.Blueprint.Service.Instances;

/// <summary>
/// The addresses of the caller's wallets, asked of the Wallet service as the caller (its token, forwarded) at every
/// read of the inbox or the lists: ownership lives there, and a wallet recovered or deleted a moment ago counts as it
/// is now. Page by page (100 a page), so a caller's wallet quota bounds the calls.
/// </summary>
public sealed class CallerWallets(PlatformClients clients)
{
    private const int PageSize = 100;

    public async Task<IReadOnlyList<string>> ListAsync(CancellationToken ct)
    {
        var addresses = new List<string>();
        for (var page = 1; ; page++)
        {
            var wallets = await clients.Wallets.ListAsync(page, PageSize, ct);
            addresses.AddRange(wallets.Items.Select(w => w.Address));
            if (wallets.Items.Count < PageSize || addresses.Count >= wallets.TotalCount)
            {
                return addresses;
            }
        }
    }
}
