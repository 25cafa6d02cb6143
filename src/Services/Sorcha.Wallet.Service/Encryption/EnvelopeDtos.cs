using Sorcha.Contracts.Wallets;
using Sorcha.Cryptography;

namespace Sorcha.Wallet.Service.Encryption;

/// <summary>An envelope as the contract's <see cref="EnvelopeDto"/>: binary fields base64, absent ones omitted.</summary>
internal static class EnvelopeDtos
{
    public static EnvelopeDto From(Envelope e) => new(e.Scheme, e.Recipient, B64(e.EphemeralPublicKey), B64(e.WrappedKey),
        Convert.ToBase64String(e.Nonce), Convert.ToBase64String(e.Ciphertext));

    private static string? B64(byte[]? value) => value is null ? null : Convert.ToBase64String(value);
}
