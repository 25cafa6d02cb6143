using System.Globalization;

namespace Sorcha.Cryptography;

/// <summary>
/// Serializes a double as ECMAScript's Number.prototype.toString does (ECMA-262 7.1.12.1), which RFC 8785 requires.
/// .NET's "R" format already yields the shortest round-tripping digits; only the layout differs.
/// </summary>
internal static class EcmaNumber
{
    public const int MaxLength = 32;

    public static int Format(double value, Span<byte> destination)
    {
        if (!double.IsFinite(value))
        {
            throw new FormatException("NaN and Infinity have no JSON representation.");
        }

        if (value == 0)
        {
            destination[0] = (byte)'0'; // also for -0
            return 1;
        }

        Span<char> text = stackalloc char[MaxLength];
        if (!value.TryFormat(text, out var written, "R", CultureInfo.InvariantCulture))
        {
            throw new FormatException("The number could not be formatted.");
        }

        text = text[..written];
        var position = 0;
        if (text[0] == '-')
        {
            destination[position++] = (byte)'-';
            text = text[1..];
        }

        // Split ".NET mantissa E exponent" into significant digits d1..dk and n with value = 0.d1..dk * 10^n.
        var exponentAt = text.IndexOfAny('E', 'e');
        var exponent = exponentAt < 0 ? 0 : int.Parse(text[(exponentAt + 1)..], NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture);
        var mantissa = exponentAt < 0 ? text : text[..exponentAt];
        Span<byte> digits = stackalloc byte[MaxLength];
        var k = 0;
        var pointAt = -1;
        foreach (var c in mantissa)
        {
            if (c == '.')
            {
                pointAt = k;
                continue;
            }

            digits[k++] = (byte)c;
        }

        var n = (pointAt < 0 ? k : pointAt) + exponent;
        var leading = 0;
        while (leading < k - 1 && digits[leading] == '0')
        {
            leading++;
        }

        digits = digits[leading..k];
        n -= leading;
        k = digits.Length;
        while (k > 1 && digits[k - 1] == '0')
        {
            k--;
        }

        digits = digits[..k];
        return position + Layout(digits, n, destination[position..]);
    }

    private static int Layout(ReadOnlySpan<byte> digits, int n, Span<byte> destination)
    {
        var k = digits.Length;
        var position = 0;
        if (k <= n && n <= 21)
        {
            digits.CopyTo(destination);
            position = k;
            destination.Slice(position, n - k).Fill((byte)'0');
            return n;
        }

        if (0 < n && n <= 21)
        {
            digits[..n].CopyTo(destination);
            destination[n] = (byte)'.';
            digits[n..].CopyTo(destination[(n + 1)..]);
            return k + 1;
        }

        if (-6 < n && n <= 0)
        {
            destination[position++] = (byte)'0';
            destination[position++] = (byte)'.';
            destination.Slice(position, -n).Fill((byte)'0');
            position += -n;
            digits.CopyTo(destination[position..]);
            return position + k;
        }

        destination[position++] = digits[0];
        if (k > 1)
        {
            destination[position++] = (byte)'.';
            digits[1..].CopyTo(destination[position..]);
            position += k - 1;
        }

        destination[position++] = (byte)'e';
        var e = n - 1;
        destination[position++] = e < 0 ? (byte)'-' : (byte)'+';
        Math.Abs(e).TryFormat(destination[position..], out var written, default, CultureInfo.InvariantCulture);
        return position + written;
    }
}
