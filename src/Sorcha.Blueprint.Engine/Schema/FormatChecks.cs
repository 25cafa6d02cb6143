using System.Globalization;
using System.Text.RegularExpressions;

namespace Sorcha.Blueprint.Engine.Schema;

/// <summary>
/// The formats asserted by this engine. In 2020-12 "format" is an annotation by default; blueprints use these five to
/// mean "reject otherwise", so they assert. Every other format name stays an annotation (accepted, never checked).
/// </summary>
internal static partial class FormatChecks
{
    public static Func<string, bool>? For(string format) => format switch
    {
        "date" => IsDate,
        "date-time" => IsDateTime,
        "email" => IsEmail,
        "uuid" => IsUuid,
        "uri" => IsUri,
        _ => null,
    };

    /// <summary>RFC 3339 full-date, with a real calendar day (no 2023-02-29).</summary>
    public static bool IsDate(string text) =>
        DateRegex().IsMatch(text) &&
        DateOnly.TryParseExact(text, "yyyy-MM-dd", CultureInfo.InvariantCulture, DateTimeStyles.None, out _);

    /// <summary>RFC 3339 date-time: date "T" time with seconds, optional fraction and a mandatory offset (Z or ±hh:mm).</summary>
    public static bool IsDateTime(string text)
    {
        var match = DateTimeRegex().Match(text);
        if (!match.Success || !IsDate(match.Groups["date"].Value))
        {
            return false;
        }

        var hour = int.Parse(match.Groups["h"].Value, CultureInfo.InvariantCulture);
        var minute = int.Parse(match.Groups["m"].Value, CultureInfo.InvariantCulture);
        var second = int.Parse(match.Groups["s"].Value, CultureInfo.InvariantCulture);
        if (hour > 23 || minute > 59 || second > 60)
        {
            return false;
        }

        var offset = 0;
        if (match.Groups["oh"].Success)
        {
            var offsetHour = int.Parse(match.Groups["oh"].Value, CultureInfo.InvariantCulture);
            var offsetMinute = int.Parse(match.Groups["om"].Value, CultureInfo.InvariantCulture);
            if (offsetHour > 23 || offsetMinute > 59)
            {
                return false;
            }

            offset = (match.Groups["sign"].Value == "-" ? -1 : 1) * ((offsetHour * 60) + offsetMinute);
        }

        // A leap second is only possible at 23:59:60 UTC.
        var utcMinute = ((((hour * 60) + minute - offset) % 1440) + 1440) % 1440;
        return second < 60 || utcMinute == 1439;
    }

    /// <summary>
    /// A practical RFC 5321 mailbox: dot-atom or quoted local part, "@", then a hostname or an [IP literal].
    /// Deliberately no DNS or deliverability checks.
    /// </summary>
    public static bool IsEmail(string text)
    {
        var at = text.LastIndexOf('@');
        if (at <= 0 || at == text.Length - 1)
        {
            return false;
        }

        var local = text[..at];
        var domain = text[(at + 1)..];
        var localOk = local.StartsWith('"') ? QuotedLocalRegex().IsMatch(local) : DotAtomRegex().IsMatch(local);
        var domainOk = domain.StartsWith('[')
            ? domain.EndsWith(']') && System.Net.IPAddress.TryParse(domain[1..^1].Replace("IPv6:", string.Empty, StringComparison.Ordinal), out _)
            : HostnameRegex().IsMatch(domain);
        return localOk && domainOk;
    }

    /// <summary>RFC 4122 textual form: 8-4-4-4-12 hex digits, hyphens required, no braces.</summary>
    public static bool IsUuid(string text) => UuidRegex().IsMatch(text);

    /// <summary>An absolute URI (RFC 3986): a scheme, no whitespace or backslashes, and parseable by System.Uri.</summary>
    public static bool IsUri(string text) =>
        SchemeRegex().IsMatch(text) &&
        !text.Any(c => char.IsWhiteSpace(c) || c == '\\' || c == '"' || c == '<' || c == '>' || c == '{' || c == '}' || c == '^' || c == '`' || c == '|') &&
        Uri.TryCreate(text, UriKind.Absolute, out _);

    [GeneratedRegex(@"^[0-9]{4}-[0-9]{2}-[0-9]{2}$", RegexOptions.CultureInvariant)]
    private static partial Regex DateRegex();

    [GeneratedRegex(@"^(?<date>[0-9]{4}-[0-9]{2}-[0-9]{2})[Tt](?<h>[0-9]{2}):(?<m>[0-9]{2}):(?<s>[0-9]{2})(\.[0-9]+)?([Zz]|(?<sign>[+-])(?<oh>[0-9]{2}):(?<om>[0-9]{2}))$", RegexOptions.CultureInvariant)]
    private static partial Regex DateTimeRegex();

    [GeneratedRegex(@"^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$", RegexOptions.CultureInvariant)]
    private static partial Regex DotAtomRegex();

    [GeneratedRegex(@"^""([^""\\\r\n]|\\.)*""$", RegexOptions.CultureInvariant)]
    private static partial Regex QuotedLocalRegex();

    [GeneratedRegex(@"^(?=.{1,253}$)[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$", RegexOptions.CultureInvariant)]
    private static partial Regex HostnameRegex();

    [GeneratedRegex(@"^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$", RegexOptions.CultureInvariant)]
    private static partial Regex UuidRegex();

    [GeneratedRegex(@"^[A-Za-z][A-Za-z0-9+.-]*:", RegexOptions.CultureInvariant)]
    private static partial Regex SchemeRegex();
}
