namespace Sorcha.Cryptography;

/// <summary>
/// The contract's base64: standard alphabet, with padding, and nothing else — no whitespace, no URL-safe characters,
/// no non-zero bits after the last byte. Convert.TryFromBase64String alone takes whitespace and stray trailing bits,
/// which would let two spellings of one key or signature differ (and a txId hashes the spelling). One decoder for
/// every service and the ledger, so that all of them accept exactly the same texts.
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

        var result = written == decoded.Length ? decoded : decoded[..written];
        if (!IsCanonical(text, result))
        {
            return false;
        }

        bytes = result;
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

    // Only the last quantum can hide unused bits; re-encoding it is cheaper than re-encoding everything.
    private static bool IsCanonical(string text, byte[] bytes)
    {
        if (bytes.Length == 0)
        {
            return true;
        }

        var tail = bytes.Length % 3 == 0 ? 3 : bytes.Length % 3;
        Span<char> encoded = stackalloc char[4];
        return Convert.TryToBase64Chars(bytes.AsSpan(bytes.Length - tail), encoded, out _) && text.AsSpan(text.Length - 4).SequenceEqual(encoded);
    }
}
