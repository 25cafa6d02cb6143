using System.Security.Cryptography;
using System.Text;

namespace Sorcha.Cryptography;

/// <summary>BIP-39 mnemonics (English list): generation, validation and the PBKDF2 seed.</summary>
public static class Mnemonics
{
    public const int GeneratedWordCount = 24;

    /// <summary>The lengths BIP-39 defines: 128 to 256 bits of entropy in steps of 32, plus a checksum bit per 32.</summary>
    public static IReadOnlyList<int> WordCounts { get; } = [12, 15, 18, 21, 24];

    private const int Iterations = 2048;
    private const int SeedSize = 64;

    /// <summary>A new mnemonic of <paramref name="wordCount"/> words (one of <see cref="WordCounts"/>) from fresh entropy.</summary>
    public static string Generate(int wordCount = GeneratedWordCount)
    {
        if (!WordCounts.Contains(wordCount))
        {
            throw new ArgumentOutOfRangeException(nameof(wordCount), wordCount, "BIP-39 mnemonics have 12, 15, 18, 21 or 24 words.");
        }

        // 11 bits a word, of which one in 33 is checksum: 12 words carry 128 bits, 24 words 256.
        var entropy = RandomNumberGenerator.GetBytes(wordCount * 11 * 32 / 33 / 8);
        try
        {
            return FromEntropy(entropy);
        }
        finally
        {
            CryptographicOperations.ZeroMemory(entropy);
        }
    }

    /// <summary>The mnemonic for 16, 20, 24, 28 or 32 bytes of entropy (BIP-39 §Generating the mnemonic).</summary>
    public static string FromEntropy(ReadOnlySpan<byte> entropy)
    {
        if (entropy.Length is < 16 or > 32 || entropy.Length % 4 != 0)
        {
            throw new ArgumentException("Entropy must be 128 to 256 bits in steps of 32.", nameof(entropy));
        }

        var checksumBits = entropy.Length / 4;
        var checksum = SHA256.HashData(entropy)[0];
        var wordCount = (entropy.Length * 8 + checksumBits) / 11;
        var words = new string[wordCount];
        for (var w = 0; w < wordCount; w++)
        {
            var index = 0;
            for (var b = 0; b < 11; b++)
            {
                var bit = (w * 11) + b;
                var value = bit < entropy.Length * 8
                    ? (entropy[bit / 8] >> (7 - (bit % 8))) & 1
                    : (checksum >> (7 - (bit - (entropy.Length * 8)))) & 1;
                index = (index << 1) | value;
            }

            words[w] = WordList.Words[index];
        }

        return string.Join(' ', words);
    }

    /// <summary>How many words <paramref name="mnemonic"/> has, as <see cref="IsValid"/> splits them.</summary>
    public static int CountWords(string mnemonic) => Normalize(mnemonic).Split(' ', StringSplitOptions.RemoveEmptyEntries).Length;

    /// <summary>
    /// True for 12, 15, 18, 21 or 24 list words with a correct checksum; case and extra whitespace are ignored.
    /// </summary>
    public static bool IsValid(string mnemonic) => TryGetEntropy(mnemonic, out var entropy) && Wipe(entropy);

    /// <summary>The entropy behind a valid mnemonic.</summary>
    public static bool TryGetEntropy(string mnemonic, out byte[] entropy)
    {
        entropy = [];
        if (mnemonic is null)
        {
            return false;
        }

        var words = Normalize(mnemonic).Split(' ', StringSplitOptions.RemoveEmptyEntries);
        if (words.Length is < 12 or > 24 || words.Length % 3 != 0)
        {
            return false;
        }

        var totalBits = words.Length * 11;
        var checksumBits = totalBits / 33;
        var bits = new byte[(totalBits + 7) / 8];
        for (var w = 0; w < words.Length; w++)
        {
            if (!WordList.TryGetIndex(words[w], out var index))
            {
                return false;
            }

            for (var b = 0; b < 11; b++)
            {
                if (((index >> (10 - b)) & 1) != 0)
                {
                    var bit = (w * 11) + b;
                    bits[bit / 8] |= (byte)(0x80 >> (bit % 8));
                }
            }
        }

        var entropyBytes = (totalBits - checksumBits) / 8;
        var expected = SHA256.HashData(bits.AsSpan(0, entropyBytes))[0] >> (8 - checksumBits);
        var actual = bits[entropyBytes] >> (8 - checksumBits);
        var result = bits[..entropyBytes];
        CryptographicOperations.ZeroMemory(bits);
        if (expected != actual)
        {
            CryptographicOperations.ZeroMemory(result);
            return false;
        }

        entropy = result;
        return true;
    }

    /// <summary>
    /// BIP-39 seed: PBKDF2-HMAC-SHA512(NFKD(mnemonic), "mnemonic" + NFKD(passphrase), 2048) → 64 bytes.
    /// The mnemonic's whitespace and case are normalized first, so every spelling IsValid accepts gives one seed.
    /// </summary>
    public static byte[] ToSeed(string mnemonic, string passphrase = "")
    {
        ArgumentNullException.ThrowIfNull(mnemonic);
        ArgumentNullException.ThrowIfNull(passphrase);
        var password = Encoding.UTF8.GetBytes(Nfkd(Normalize(mnemonic)));
        var salt = Encoding.UTF8.GetBytes("mnemonic" + Nfkd(passphrase));
        try
        {
            return Rfc2898DeriveBytes.Pbkdf2(password, salt, Iterations, HashAlgorithmName.SHA512, SeedSize);
        }
        finally
        {
            CryptographicOperations.ZeroMemory(password);
        }
    }

    private static string Normalize(string mnemonic) =>
        string.Join(' ', mnemonic.Split((char[]?)null, StringSplitOptions.RemoveEmptyEntries)).ToLowerInvariant();

    /// <summary>
    /// NFKD. ASCII is already NFKD. Under InvariantGlobalization (as this repo builds) .NET leaves strings
    /// unnormalized, which would silently give a seed other wallets do not; refuse instead.
    /// </summary>
    internal static string Nfkd(string value)
    {
        if (Ascii.IsValid(value))
        {
            return value;
        }

        if ("\u00e9".Normalize(NormalizationForm.FormKD).Length != 2)
        {
            throw new PlatformNotSupportedException(
                "Unicode NFKD normalization is unavailable (InvariantGlobalization); non-ASCII mnemonics and passphrases cannot be processed per BIP-39.");
        }

        return value.Normalize(NormalizationForm.FormKD);
    }

    private static bool Wipe(byte[] data)
    {
        CryptographicOperations.ZeroMemory(data);
        return true;
    }
}
