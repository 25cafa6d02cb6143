using Sorcha.Contracts.Wallets;

namespace Sorcha.Web.Api;

/// <summary>
/// The addresses the signed-in person may act with, read once per circuit: their own wallets and derived addresses,
/// and wallets delegated to them with the right to sign. Up to 100 of each (a person with more sees the first hundred
/// offered; any address can still be pasted where one is asked for).
/// </summary>
public sealed class MyWallets(UserApi api)
{
    private const int Page = 100;
    private Task<IReadOnlyList<MyWallet>>? _all;

    public Task<IReadOnlyList<MyWallet>> AllAsync() => _all ??= LoadAsync();

    /// <summary>Forget what was read (after a wallet is created, derived or revoked).</summary>
    public void Reset() => _all = null;

    public async Task<MyWallet?> FindAsync(string? address) =>
        address is null ? null : (await AllAsync()).FirstOrDefault(w => w.Address == address);

    private async Task<IReadOnlyList<MyWallet>> LoadAsync()
    {
        var client = await api.ClientAsync();
        // The list holds derived addresses too (with their parent and account).
        var all = (await client.Wallets.ListAsync(1, Page)).Items
            .Select(w => new MyWallet(w.Address, w.Account is { } n ? $"{w.Name} · account {n}" : w.Name, w.Parent is null ? MyWalletKind.Own : MyWalletKind.Derived))
            .ToList();
        all.AddRange((await client.Wallets.ListDelegatedAsync(1, Page)).Items.Where(d => d.Rights == WalletRightNames.Sign)
            .Select(d => new MyWallet(d.Address, d.Name, MyWalletKind.Delegated)));
        return all;
    }
}

public enum MyWalletKind
{
    Own,
    Derived,
    Delegated,
}

public sealed record MyWallet(string Address, string Name, MyWalletKind Kind)
{
    public string Label => Kind == MyWalletKind.Delegated ? $"{Name} (delegated to you)" : Name;
}
