using Sorcha.Cryptography;

namespace Sorcha.Ledger.Transactions;

/// <summary>
/// A cheap look at whether a string can be an address: length, prefix and bech32 alphabet. The full decode and the
/// checksum are left to <see cref="Addresses.Matches"/> in <see cref="TransactionChecks"/>, which needs them anyway,
/// so the submission path decodes each address once.
/// </summary>
internal static class AddressShape
{
    private const string Bech32Alphabet = "qpzry9x8gf2tvdw0s3jn54khce6mua7l";

    public static bool IsPlausible(string text)
    {
        if (text.Length != Addresses.Length || !text.StartsWith(Addresses.Hrp + "1", StringComparison.Ordinal))
        {
            return false;
        }

        foreach (var c in text.AsSpan(Addresses.Hrp.Length + 1))
        {
            if (!Bech32Alphabet.Contains(c, StringComparison.Ordinal))
            {
                return false;
            }
        }

        return true;
    }
}
