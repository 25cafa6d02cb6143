using System.Globalization;

namespace Sorcha.Ledger.Formats;

/// <summary>
/// RFC 3339 UTC timestamps as the ledger writes and accepts them.
/// Written form: <c>yyyy-MM-ddTHH:mm:ss.fffZ</c> (always three fraction digits) — the same shape as JavaScript's
/// <c>Date.toISOString()</c>, so third-party verifiers can rebuild a hashed string such as a docket's <c>sealedAt</c>.
/// Accepted form: <c>yyyy-MM-ddTHH:mm:ss[.f{1,9}]Z</c>, upper-case <c>T</c> and <c>Z</c>, no offsets, no leap second.
/// </summary>
public static class LedgerTime
{
    private const string WriteFormat = "yyyy-MM-dd'T'HH:mm:ss.fff'Z'";

    /// <summary>Formats in UTC with millisecond precision; anything finer is dropped, never rounded up.</summary>
    public static string Format(DateTimeOffset value) =>
        value.UtcDateTime.ToString(WriteFormat, CultureInfo.InvariantCulture);

    /// <summary>Drops sub-millisecond ticks so a value round-trips through <see cref="Format"/> unchanged.</summary>
    public static DateTimeOffset TruncateToMilliseconds(DateTimeOffset value) =>
        new(value.UtcTicks - value.UtcTicks % TimeSpan.TicksPerMillisecond, TimeSpan.Zero);

    public static bool TryParse(ReadOnlySpan<char> text, out DateTimeOffset value)
    {
        value = default;
        // Fixed part: yyyy-MM-ddTHH:mm:ss (19 chars) then an optional fraction then Z.
        if (text.Length < 20 || text[^1] != 'Z' || text[4] != '-' || text[7] != '-' || text[10] != 'T'
            || text[13] != ':' || text[16] != ':')
        {
            return false;
        }

        if (!TryDigits(text[..4], out var year) || !TryDigits(text[5..7], out var month)
            || !TryDigits(text[8..10], out var day) || !TryDigits(text[11..13], out var hour)
            || !TryDigits(text[14..16], out var minute) || !TryDigits(text[17..19], out var second))
        {
            return false;
        }

        long fractionTicks = 0;
        var fraction = text[19..^1];
        if (fraction.Length > 0)
        {
            // At most nanoseconds; digits beyond the 7th (100 ns ticks) are validated then ignored.
            if (fraction[0] != '.' || fraction.Length < 2 || fraction.Length > 10 || !TryDigits(fraction[1..], out _))
            {
                return false;
            }

            var digits = fraction[1..];
            for (var i = 0; i < 7; i++)
            {
                fractionTicks = fractionTicks * 10 + (i < digits.Length ? digits[i] - '0' : 0);
            }
        }

        if (year < 1 || month is < 1 or > 12 || day < 1 || day > DateTime.DaysInMonth(year, month)
            || hour > 23 || minute > 59 || second > 59)
        {
            return false;
        }

        var utc = new DateTime(year, month, day, hour, minute, second, DateTimeKind.Utc).AddTicks(fractionTicks);
        value = new DateTimeOffset(utc);
        return true;
    }

    private static bool TryDigits(ReadOnlySpan<char> text, out int value)
    {
        value = 0;
        foreach (var c in text)
        {
            if (c is < '0' or > '9')
            {
                return false;
            }

            // Fractions can have 9 digits; cap the accumulated value instead of overflowing (only the digit check matters there).
            value = value < 100_000_000 ? value * 10 + (c - '0') : value;
        }

        return true;
    }
}
