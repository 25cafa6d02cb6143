using Microsoft.Extensions.Options;
using Sorcha.ApiPlatform.Limits;
using Sorcha.Cryptography;

namespace Sorcha.Wallet.Service.Wallets;

/// <summary>
/// New RSA4096 wallets: two random 4096-bit keys (signing and OAEP), seconds of one core per wallet, and any caller
/// with a token can ask. A bounded number run at once (Limits:KeyGeneration:Concurrent); the others wait their turn up
/// to QueueSeconds, then are refused, so a flood of creations costs a bounded share of the machine.
/// </summary>
public sealed class RsaKeyGeneration(IOptions<LimitsOptions> limits) : IDisposable
{
    private readonly WorkSlots _slots = new(limits.Value.KeyGeneration.Concurrent, TimeSpan.FromSeconds(limits.Value.KeyGeneration.QueueSeconds));

    /// <summary>The keys, or null when no slot came free in time.</summary>
    public async Task<WalletKeys?> TryGenerateAsync(CancellationToken cancellationToken)
    {
        using var slot = await _slots.TryEnterAsync(cancellationToken);
        return slot is null ? null : WalletKeyDerivation.Generate(SignatureAlgorithm.RSA4096);
    }

    public void Dispose() => _slots.Dispose();
}
