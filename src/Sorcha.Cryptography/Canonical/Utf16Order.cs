namespace Sorcha.Cryptography;

/// <summary>
/// Compares UTF-8 strings in the order of their UTF-16 code units, as RFC 8785 sorts property names,
/// without transcoding them.
/// </summary>
internal static class Utf16Order
{
    public static int Compare(ReadOnlySpan<byte> a, ReadOnlySpan<byte> b)
    {
        var common = a.CommonPrefixLength(b);
        if (common == a.Length || common == b.Length)
        {
            return a.Length.CompareTo(b.Length);
        }

        // UTF-8 byte order is code point order. It differs from UTF-16 order only where a supplementary character
        // (4-byte lead F0..F4, surrogates D800..DFFF in UTF-16) meets U+E000..U+FFFF (3-byte lead EE or EF).
        // A shared prefix ends on a character boundary unless both bytes are continuation bytes of the same length
        // class, where byte order is right.
        var x = a[common];
        var y = b[common];
        if (x >= 0xF0 && y is 0xEE or 0xEF)
        {
            return -1;
        }

        if (y >= 0xF0 && x is 0xEE or 0xEF)
        {
            return 1;
        }

        return x.CompareTo(y);
    }
}
