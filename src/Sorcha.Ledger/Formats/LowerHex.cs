namespace Sorcha.Ledger.Formats;

/// <summary>Lowercase hex, the contract's spelling of hashes and hash-derived ids.</summary>
public static class LowerHex
{
    public static string Encode(ReadOnlySpan<byte> bytes) => Convert.ToHexStringLower(bytes);

    /// <summary>True for exactly <paramref name="byteLength"/> bytes spelled in lowercase hex.</summary>
    public static bool IsHash(string? text, int byteLength = 32)
    {
        if (text is null || text.Length != byteLength * 2)
        {
            return false;
        }

        foreach (var c in text)
        {
            if (!char.IsAsciiHexDigitLower(c) && !char.IsAsciiDigit(c))
            {
                return false;
            }
        }

        return true;
    }
}
