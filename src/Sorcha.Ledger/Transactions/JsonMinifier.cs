namespace Sorcha.Ledger.Transactions;

/// <summary>
/// Removes insignificant whitespace from JSON that has already been validated, leaving every token byte for byte —
/// unlike re-serialising a <c>JsonElement</c>, which rewrites escapes such as <c>\/</c> or <c>\u00e9</c>.
/// The compact form also keeps stored objects on one line for NDJSON export.
/// </summary>
internal static class JsonMinifier
{
    public static byte[] Minify(ReadOnlySpan<byte> json)
    {
        var output = new byte[json.Length];
        var written = 0;
        var inString = false;
        var escaped = false;
        foreach (var b in json)
        {
            if (inString)
            {
                // Raw control characters cannot occur inside valid JSON strings, so only quote and backslash matter.
                inString = escaped || b != (byte)'"';
                escaped = !escaped && b == (byte)'\\';
            }
            else if (b is (byte)' ' or (byte)'\t' or (byte)'\r' or (byte)'\n')
            {
                continue;
            }
            else
            {
                inString = b == (byte)'"';
            }

            output[written++] = b;
        }

        return written == output.Length ? output : output[..written];
    }
}
