using System.Globalization;
using Sorcha.Blueprint.Engine.Json;

namespace Sorcha.Blueprint.Engine.Logic;

/// <summary>Number → string the way JavaScript's String(n) does, for "cat", "in" and string comparisons.</summary>
internal static class JsNumberFormat
{
    public static string Format(JsonNumber number)
    {
        var d = number.Double;
        if (double.IsNaN(d))
        {
            return "NaN";
        }

        if (double.IsInfinity(d))
        {
            return d > 0 ? "Infinity" : "-Infinity";
        }

        // JS prints plain digits from 1e-6 up to 1e21 (1e-7 is "1e-7"); decimal gives the exact shortest form in that range.
        var magnitude = Math.Abs(d);
        if (number.HasDecimal && (magnitude == 0 || (magnitude >= 1e-6 && magnitude < 1e21)))
        {
            return JsonNumber.Normalize(number.Decimal).ToString(CultureInfo.InvariantCulture);
        }

        if (magnitude >= 1e-6 && magnitude < 1e21 && Math.Floor(d) == d)
        {
            return d.ToString("F0", CultureInfo.InvariantCulture);
        }

        // .NET writes "1E+21" / "1E-07"; JS writes "1e+21" / "1e-7".
        var text = d.ToString("R", CultureInfo.InvariantCulture);
        var e = text.IndexOf('E', StringComparison.Ordinal);
        if (e < 0)
        {
            return text;
        }

        var exponent = int.Parse(text[(e + 1)..], NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture);
        return text[..e] + "e" + (exponent >= 0 ? "+" : "-") + Math.Abs(exponent).ToString(CultureInfo.InvariantCulture);
    }
}
