using Microsoft.Extensions.Caching.Memory;
using Sorcha.Blueprint.Service.Platform;
using Sorcha.Client;

namespace Sorcha.Blueprint.Service.Instances;

/// <summary>
/// "Does this caller own this sender wallet?", asked of the Wallet service before a step is claimed, so that a caller
/// who does not own the sender cannot hold the step (403). A yes is remembered for <see cref="Remembered"/> per
/// (caller, wallet): a participant submits step after step with the same wallet, and asking each time was one of the
/// three Wallet/Transaction calls of every action. A remembered yes can only be stale one way — the owner deleted the
/// wallet (no wallet ever changes owner) — and then the prepare call, which checks ownership where the keys live, still
/// answers 404 → 403 and the claim is given back. A no is never remembered, so a refusal always reflects the Wallet's
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
            // The Wallet service shows a caller only its own wallets (the caller's token is forwarded): 404 = not yours.
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
