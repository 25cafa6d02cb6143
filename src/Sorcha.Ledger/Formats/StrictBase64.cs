namespace Sorcha.Ledger.Formats;

/// <summary>
/// Standard base64 with padding and nothing else. <see cref="Convert.TryFromBase64String"/> alone would also take
/// embedded whitespace, which the contract does not allow and which would let two spellings of one key differ.
/// </summary>
public static class StrictBase64
{
    public static bool TryDecode(string text, out byte[] bytes)
    {
        bytes = [];
        if (text.Length % 4 != 0 || !HasOnlyBase64Characters(text))
        {
            return false;
        }

        var decoded = new byte[text.Length / 4 * 3];
        if (!Convert.TryFromBase64String(text, decoded, out var written))
        {
            return false;
        }

        bytes = written == decoded.Length ? decoded : decoded[..written];
        return true;
    }

    private static bool HasOnlyBase64Characters(string text)
    {
        var padding = text.EndsWith("==", StringComparison.Ordinal) ? 2 : text.EndsWith('=') ? 1 : 0;
        for (var i = 0; i < text.Length - padding; i++)
        {
            var c = text[i];
            if (!(char.IsAsciiLetterOrDigit(c) || c == '+' || c == '/'))
            {
                return false;
            }
        }

        return true;
    }
}
