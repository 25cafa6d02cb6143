using Microsoft.Extensions.Caching.Memory;
using Sorcha.Blueprint.Service.Platform;
using Sorcha.Client;

namespace Sorcha.Blueprint.Service.Instances;

/// <summary>
/// "May this caller act with this sender wallet?", asked of the Wallet service before a step is claimed, so that a
/// caller who may not cannot hold the step (403). The Wallet service shows the wallet to its owner and to its delegates
/// (docs/wallets.md, "Wallet access"). A yes is remembered for <see cref="Remembered"/> per (caller, wallet): a participant
/// submits step after step with the same wallet, and asking each time was one of the three Wallet/Transaction calls of
/// every action. A yes that is or becomes wrong — the owner deleted the wallet, revoked the grant or let it expire, or
/// the delegate holds <c>read</c> only — is caught by the prepare call, which checks the caller's right to sign where the
/// keys live at that moment and answers 404 → 403, and the claim is given back. A no is never remembered, so a refusal always reflects the Wallet's
/// answer. Bounded by <see cref="MaxEntries"/>: when full, the cache refuses the new entry and compacts itself, so it
/// never grows past that, whatever callers send.
/// </summary>
public sealed class SenderOwnership(PlatformClients clients) : IDisposable
{
    public static readonly TimeSpan Remembered = TimeSpan.FromSeconds(30);
    public const int MaxEntries = 10_000;

    private readonly MemoryCache _owned = new(new MemoryCacheOptions { SizeLimit = MaxEntries });

    /// <summary>Completes when <paramref name="caller"/> owns <paramref name="sender"/>; throws the 403 otherwise.</summary>
    public Task CheckAsync(string caller, string sender, CancellationToken ct) =>
        _owned.TryGetValue((caller, sender), out _) ? Task.CompletedTask : AskAsync(caller, sender, ct);

    private async Task AskAsync(string caller, string sender, CancellationToken ct)
    {
        try
        {
            // The Wallet service shows a caller only the wallets it owns or was granted (the caller's token is forwarded): 404 = not yours.
            await clients.Wallets.GetAsync(sender, ct);
        }
        catch (SorchaApiException e) when (e.Status == StatusCodes.Status404NotFound)
        {
            throw ActionFlow.NotYours(sender, e);
        }

        _owned.Set((caller, sender), true, new MemoryCacheEntryOptions { Size = 1, AbsoluteExpirationRelativeToNow = Remembered });
    }

    public void Dispose() => _owned.Dispose();
}
