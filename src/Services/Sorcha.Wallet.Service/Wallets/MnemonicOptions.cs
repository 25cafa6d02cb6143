using System.Text;
using Sorcha.ApiPlatform.Api;
using Sorcha.Contracts.Wallets;
using Sorcha.Cryptography;

namespace Sorcha.Wallet.Service.Wallets;

/// <summary>The create request's <c>wordCount</c> and <c>passphrase</c> (docs/wallets.md, "Word count and passphrase").</summary>
public static class MnemonicOptions
{
    /// <summary>
    /// BIP-39 sets no limit; 256 characters is far beyond any passphrase a person types and bounds the PBKDF2 input
    /// (NFKD may grow it a few times).
    /// </summary>
    public const int MaxPassphraseLength = 256;

    private static readonly UTF8Encoding StrictUtf8 = new(encoderShouldEmitUTF8Identifier: false, throwOnInvalidBytes: true);

    public static void Validate(CreateWalletRequest request, SignatureAlgorithm algorithm, FieldErrors errors)
    {
        if (request.WordCount is { } count && !Mnemonics.WordCounts.Contains(count))
        {
            errors.Add("wordCount", "wordCount must be 12, 15, 18, 21 or 24.");
        }
        else if (request.WordCount is { } words && request.Mnemonic is not null && Mnemonics.IsValid(request.Mnemonic)
            && Mnemonics.CountWords(request.Mnemonic) != words)
        {
            errors.Add("wordCount", $"wordCount is {words} but the mnemonic has {Mnemonics.CountWords(request.Mnemonic)} words.");
        }

        if (request.Passphrase is { } passphrase)
        {
            if (passphrase.Length > MaxPassphraseLength)
            {
                errors.Add("passphrase", $"passphrase must be at most {MaxPassphraseLength} characters.");
            }
            else if (!IsWellFormed(passphrase))
            {
                // A lone surrogate has no UTF-8 form: wallets would each replace it differently, so no two agree on the seed.
                errors.Add("passphrase", "passphrase is not well-formed Unicode (a lone surrogate).");
            }
        }

        if (algorithm == SignatureAlgorithm.RSA4096 && (request.WordCount is not null || request.Passphrase is not null))
        {
            errors.Add(request.WordCount is not null ? "wordCount" : "passphrase",
                "RSA4096 keys are random: there is no mnemonic, so neither wordCount nor passphrase applies.");
        }
    }

    private static bool IsWellFormed(string value)
    {
        try
        {
            StrictUtf8.GetByteCount(value);
            return true;
        }
        catch (EncoderFallbackException)
        {
            return false;
        }
    }
}
