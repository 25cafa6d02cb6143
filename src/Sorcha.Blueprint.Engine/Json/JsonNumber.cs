using System.Globalization;
using System.Text.Json;
using System.Text.Json.Nodes;

namespace Sorcha.Blueprint.Engine.Json;

/// <summary>
/// A JSON number read once into both a double and, when the value round-trips exactly, a decimal.
/// Comparisons and arithmetic prefer the decimal so that 0.1 + 0.2 == 0.3 and money values compare exactly;
/// the double covers numbers outside decimal's range (1e300, 1e-30).
/// </summary>
internal readonly struct JsonNumber
{
    private readonly decimal _decimal;

    public JsonNumber(decimal value)
    {
        _decimal = value;
        Double = (double)value;
        HasDecimal = true;
    }

    public JsonNumber(double value)
    {
        Double = value;
        HasDecimal = TryToDecimal(value, out _decimal);
    }

    public double Double { get; }

    public bool HasDecimal { get; }

    public decimal Decimal => _decimal;

    public bool IsFinite => double.IsFinite(Double);

    public bool IsInteger => HasDecimal ? decimal.Truncate(_decimal) == _decimal : double.IsFinite(Double) && Math.Floor(Double) == Double;

    public static bool TryRead(JsonNode? node, out JsonNumber number)
    {
        number = default;
        return node is JsonValue value && TryRead(value, out number);
    }

    // JsonValue holds either a JsonElement (parsed JSON) or the CLR primitive it was created from, and
    // TryGetValue<T> does not convert between primitive types, so each shape is read explicitly.
    public static bool TryRead(JsonValue value, out JsonNumber number)
    {
        number = default;
        if (value.TryGetValue(out JsonElement element))
        {
            if (element.ValueKind != JsonValueKind.Number)
            {
                return false;
            }

            var d = element.GetDouble();
            number = element.TryGetDecimal(out var m) && (double)m == d ? new JsonNumber(m) : new JsonNumber(d);
            return true;
        }

        if (value.TryGetValue(out decimal dec)) { number = new JsonNumber(dec); return true; }
        if (value.TryGetValue(out double dbl)) { number = new JsonNumber(dbl); return true; }
        if (value.TryGetValue(out long l)) { number = new JsonNumber((decimal)l); return true; }
        if (value.TryGetValue(out int i)) { number = new JsonNumber((decimal)i); return true; }
        if (value.TryGetValue(out float f)) { number = new JsonNumber((double)f); return true; }
        if (value.TryGetValue(out short s)) { number = new JsonNumber((decimal)s); return true; }
        if (value.TryGetValue(out byte b)) { number = new JsonNumber((decimal)b); return true; }
        if (value.TryGetValue(out ulong ul)) { number = new JsonNumber((decimal)ul); return true; }
        if (value.TryGetValue(out uint ui)) { number = new JsonNumber((decimal)ui); return true; }
        if (value.TryGetValue(out ushort us)) { number = new JsonNumber((decimal)us); return true; }
        if (value.TryGetValue(out sbyte sb)) { number = new JsonNumber((decimal)sb); return true; }
        return false;
    }

    /// <summary>Compares by decimal when both sides have one, otherwise by double (NaN compares as unordered: returns null).</summary>
    public static int? Compare(JsonNumber a, JsonNumber b)
    {
        if (a.HasDecimal && b.HasDecimal)
        {
            return a._decimal.CompareTo(b._decimal);
        }

        if (double.IsNaN(a.Double) || double.IsNaN(b.Double))
        {
            return null;
        }

        return a.Double.CompareTo(b.Double);
    }

    public static bool ValueEquals(JsonNumber a, JsonNumber b) => Compare(a, b) == 0;

    /// <summary>A JSON node for this number, or null when it is not finite (JSON cannot hold NaN or Infinity).</summary>
    public JsonNode? ToNode()
    {
        if (HasDecimal)
        {
            return JsonValue.Create(Normalize(_decimal));
        }

        return double.IsFinite(Double) ? JsonValue.Create(Double) : null;
    }

    public override string ToString() =>
        HasDecimal ? Normalize(_decimal).ToString(CultureInfo.InvariantCulture) : Double.ToString("R", CultureInfo.InvariantCulture);

    // 1000 * 1.2 is 1200.0 in decimal; dividing by 1.000… drops the trailing zeros so results serialise as 1200.
    internal static decimal Normalize(decimal value) => value / 1.000000000000000000000000000000000m;

    private static bool TryToDecimal(double value, out decimal result)
    {
        result = 0;
        if (!double.IsFinite(value) || Math.Abs(value) >= 7.9e28)
        {
            return false;
        }

        result = (decimal)value;
        return (double)result == value;
    }
}
