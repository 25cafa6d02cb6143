using System.Globalization;
using System.Text.RegularExpressions;

namespace Sorcha.Blueprint.Engine.Templates;

/// <summary>
/// "2 days 3 hours" (optionally signed; years, months, weeks, days, hours, minutes, seconds in that order) added to a
/// reference time, written as JavaScript's Date.toJSON does ("2017-01-21T19:27:20.974Z"). A month is 30 days and a
/// year 365, as in the reference implementation.
/// </summary>
internal static partial class FromNow
{
    public static string Format(DateTimeOffset time) =>
        time.UtcDateTime.ToString("yyyy-MM-dd'T'HH:mm:ss.fff'Z'", CultureInfo.InvariantCulture);

    public static string Add(string timespan, object? reference)
    {
        var match = Timespan().Match(timespan);
        if (!match.Success)
        {
            throw JsonETemplateException.Interpreter($"String: '{timespan}' isn't a time expression");
        }

        var sign = match.Groups["sign"].Value == "-" ? -1 : 1;
        double Part(string name) => match.Groups[name].Success
            ? double.Parse(match.Groups[name].Value, CultureInfo.InvariantCulture) * sign
            : 0;

        var days = Part("days") + (30 * Part("months")) + (365 * Part("years"));
        var milliseconds = (Part("weeks") * 7 * 24 * 3600_000) + (days * 24 * 3600_000) + (Part("hours") * 3600_000)
            + (Part("minutes") * 60_000) + (Part("seconds") * 1000);
        var result = Reference(reference).ToUnixTimeMilliseconds() + milliseconds;

        // JavaScript dates reach ±8.64e15 ms; beyond that (or beyond what DateTimeOffset holds) there is no answer.
        return double.IsFinite(result) && result >= DateTimeOffset.MinValue.ToUnixTimeMilliseconds()
            && result <= DateTimeOffset.MaxValue.ToUnixTimeMilliseconds()
            ? Format(DateTimeOffset.FromUnixTimeMilliseconds((long)result))
            : throw JsonETemplateException.Interpreter($"fromNow: '{timespan}' is out of the range of dates");
    }

    private static DateTimeOffset Reference(object? reference) => reference switch
    {
        string text when DateTimeOffset.TryParse(text, CultureInfo.InvariantCulture,
            DateTimeStyles.AssumeUniversal | DateTimeStyles.AdjustToUniversal, out var time) => time,
        double ms when double.IsFinite(ms) && Math.Abs(ms) <= 8.64e15 => DateTimeOffset.UnixEpoch.AddMilliseconds(Math.Truncate(ms)),
        _ => throw JsonETemplateException.Interpreter($"fromNow: the reference time {JeValues.JsString(reference)} is not a date"),
    };

    [GeneratedRegex("""
        ^(\s*(?<sign>-|\+))?(\s*(?<years>[0-9]+)\s*(y|year|years|yr))?(\s*(?<months>[0-9]+)\s*(months|month|mo))?(\s*(?<weeks>[0-9]+)\s*(weeks|week|wk|w))?(\s*(?<days>[0-9]+)\s*(days|day|d))?(\s*(?<hours>[0-9]+)\s*(hours|hour|hr|h))?(\s*(?<minutes>[0-9]+)\s*(minutes|minute|min|m))?(\s*(?<seconds>[0-9]+)\s*(seconds|second|sec|s))?\s*$
        """, RegexOptions.IgnoreCase | RegexOptions.CultureInvariant | RegexOptions.NonBacktracking)]
    private static partial Regex Timespan();
}
