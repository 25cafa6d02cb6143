using System.Globalization;
using System.Text.Json;
using System.Text.Json.Nodes;
using Sorcha.Blueprint.Engine.Json;

namespace Sorcha.Blueprint.Engine.Logic;

/// <summary>
/// JavaScript's conversions and comparisons over JSON values, because jsonlogic.com defines its operators by what
/// json-logic-js does. C# null is JSON null (JS undefined is folded into it). Nothing here throws on odd input.
/// </summary>
internal static class JsValue
{
    private static readonly JsonNumber NaN = new(double.NaN);

    /// <summary>jsonlogic.com truthiness: 0, NaN, "", null, false and [] are falsy; everything else ("0", {}) is truthy.</summary>
    public static bool Truthy(JsonNode? value) => JsonEquality.KindOf(value) switch
    {
        JsonValueKind.Null or JsonValueKind.False => false,
        JsonValueKind.True or JsonValueKind.Object => true,
        JsonValueKind.Array => value!.AsArray().Count > 0,
        JsonValueKind.String => value!.GetValue<string>().Length > 0,
        JsonValueKind.Number => JsonNumber.TryRead(value, out var n) && n.Double != 0 && !double.IsNaN(n.Double),
        _ => false,
    };

    public static JsonNode Bool(bool value) => JsonValue.Create(value);

    /// <summary>JS Number(x): null → 0, booleans → 0/1, strings parsed whole (blank → 0), arrays via their string form, objects → NaN.</summary>
    public static JsonNumber ToNumber(JsonNode? value)
    {
        switch (JsonEquality.KindOf(value))
        {
            case JsonValueKind.Null:
            case JsonValueKind.False:
                return new JsonNumber(0m);
            case JsonValueKind.True:
                return new JsonNumber(1m);
            case JsonValueKind.Number:
                return JsonNumber.TryRead(value, out var n) ? n : NaN;
            case JsonValueKind.String:
                return ParseWhole(value!.GetValue<string>());
            case JsonValueKind.Array:
                return ParseWhole(ToJsString(value));
            default:
                return NaN;
        }
    }

    /// <summary>JS parseFloat(String(x)): the longest numeric prefix ("3.5kg" → 3.5), NaN when there is none (null, true).</summary>
    public static JsonNumber ParseFloat(JsonNode? value)
    {
        if (JsonNumber.TryRead(value, out var number))
        {
            return number;
        }

        var text = ToJsString(value).TrimStart();
        var end = 0;
        if (end < text.Length && (text[end] == '+' || text[end] == '-'))
        {
            end++;
        }

        if (text.AsSpan(end).StartsWith("Infinity", StringComparison.Ordinal))
        {
            return new JsonNumber(text[0] == '-' ? double.NegativeInfinity : double.PositiveInfinity);
        }

        var digitsStart = end;
        end = SkipDigits(text, end);
        if (end < text.Length && text[end] == '.')
        {
            end = SkipDigits(text, end + 1);
        }

        if (end == digitsStart || (end == digitsStart + 1 && text[digitsStart] == '.'))
        {
            return NaN;
        }

        if (end < text.Length && (text[end] == 'e' || text[end] == 'E'))
        {
            var exponentStart = end + 1;
            if (exponentStart < text.Length && (text[exponentStart] == '+' || text[exponentStart] == '-'))
            {
                exponentStart++;
            }

            var exponentEnd = SkipDigits(text, exponentStart);
            if (exponentEnd > exponentStart)
            {
                end = exponentEnd;
            }
        }

        return ParseWhole(text[..end]);
    }

    /// <summary>JS String(x): null → "null", arrays joined with "," (null items empty), objects → "[object Object]".</summary>
    public static string ToJsString(JsonNode? value) => JsonEquality.KindOf(value) switch
    {
        JsonValueKind.Null => "null",
        JsonValueKind.True => "true",
        JsonValueKind.False => "false",
        JsonValueKind.String => value!.GetValue<string>(),
        JsonValueKind.Number => JsonNumber.TryRead(value, out var n) ? JsNumberFormat.Format(n) : "NaN",
        JsonValueKind.Array => string.Join(",", value!.AsArray().Select(item => item is null ? string.Empty : ToJsString(item))),
        _ => "[object Object]",
    };

    /// <summary>JS ===, except that arrays and objects compare by value (JS compares references, meaningless for JSON data).</summary>
    public static bool StrictEquals(JsonNode? a, JsonNode? b)
    {
        if (JsonNumber.TryRead(a, out var na) && JsonNumber.TryRead(b, out var nb))
        {
            // NaN never reaches here as a node, so value equality is JS equality.
            return JsonNumber.ValueEquals(na, nb);
        }

        return JsonEquality.DeepEquals(a, b);
    }

    /// <summary>
    /// JS == (abstract equality) on JSON values: "1" == 1, true == 1, null == null only. Where JS would compare a
    /// number with a string that is not one ("A"), or anything with an array or object, the rule fails ("NaN")
    /// instead of answering false: the answer would be meaningless, and a route taken on it is recorded.
    /// </summary>
    public static bool LooseEquals(JsonNode? a, JsonNode? b)
    {
        var kindA = Normalize(JsonEquality.KindOf(a));
        var kindB = Normalize(JsonEquality.KindOf(b));
        if (!IsScalar(kindA) || !IsScalar(kindB))
        {
            throw new JsonLogicException(JsonLogicException.NaN);
        }

        if (kindA == kindB)
        {
            return StrictEquals(a, b);
        }

        if (kindA == JsonValueKind.Null || kindB == JsonValueKind.Null)
        {
            return false;
        }

        // Booleans and strings against numbers (or each other) compare as numbers.
        return JsonNumber.Compare(Numeric(a), Numeric(b)) == 0;
    }

    /// <summary>
    /// JS relational comparison: two strings compare ordinally, anything else as numbers (null is 0). An array, an
    /// object or a string that is not a number fails the rule ("NaN") rather than making every comparison false.
    /// </summary>
    public static int Compare(JsonNode? a, JsonNode? b)
    {
        var kindA = JsonEquality.KindOf(a);
        var kindB = JsonEquality.KindOf(b);
        if (!IsScalar(kindA) || !IsScalar(kindB))
        {
            throw new JsonLogicException(JsonLogicException.NaN);
        }

        if (kindA == JsonValueKind.String && kindB == JsonValueKind.String)
        {
            return Math.Sign(string.CompareOrdinal(a!.GetValue<string>(), b!.GetValue<string>()));
        }

        return JsonNumber.Compare(Numeric(a), Numeric(b)) ?? throw new JsonLogicException(JsonLogicException.NaN);
    }

    private static JsonNumber Numeric(JsonNode? value)
    {
        var number = ToNumber(value);
        return double.IsNaN(number.Double) ? throw new JsonLogicException(JsonLogicException.NaN) : number;
    }

    private static bool IsScalar(JsonValueKind kind) => kind is not (JsonValueKind.Array or JsonValueKind.Object);

    // True and False are one JS type (boolean) for equality purposes.
    private static JsonValueKind Normalize(JsonValueKind kind) => kind == JsonValueKind.False ? JsonValueKind.True : kind;

    private static int SkipDigits(string text, int index)
    {
        while (index < text.Length && char.IsAsciiDigit(text[index]))
        {
            index++;
        }

        return index;
    }

    private static JsonNumber ParseWhole(string text)
    {
        var trimmed = text.Trim();
        if (trimmed.Length == 0)
        {
            return new JsonNumber(0m);
        }

        if (trimmed is "Infinity" or "+Infinity" or "-Infinity")
        {
            return new JsonNumber(trimmed[0] == '-' ? double.NegativeInfinity : double.PositiveInfinity);
        }

        if (trimmed.Length > 2 && trimmed[0] == '0' && (trimmed[1] is 'x' or 'X') &&
            long.TryParse(trimmed.AsSpan(2), NumberStyles.AllowHexSpecifier, CultureInfo.InvariantCulture, out var hex))
        {
            return new JsonNumber((decimal)hex);
        }

        const NumberStyles style = NumberStyles.AllowLeadingSign | NumberStyles.AllowDecimalPoint | NumberStyles.AllowExponent;
        if (decimal.TryParse(trimmed, style, CultureInfo.InvariantCulture, out var dec) &&
            double.TryParse(trimmed, style, CultureInfo.InvariantCulture, out var check) && (double)dec == check)
        {
            return new JsonNumber(dec);
        }

        return double.TryParse(trimmed, style, CultureInfo.InvariantCulture, out var dbl) ? new JsonNumber(dbl) : NaN;
    }
}
