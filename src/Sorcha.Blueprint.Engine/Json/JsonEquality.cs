using System.Text.Json;
using System.Text.Json.Nodes;

namespace Sorcha.Blueprint.Engine.Json;

/// <summary>
/// JSON data-model equality (JSON Schema's const/enum/uniqueItems, JSON Logic's deep comparisons):
/// numbers by value (1 == 1.0), objects regardless of property order, arrays element-wise.
/// </summary>
internal static class JsonEquality
{
    public static bool DeepEquals(JsonNode? a, JsonNode? b)
    {
        var kindA = KindOf(a);
        if (kindA != KindOf(b))
        {
            return false;
        }

        switch (kindA)
        {
            case JsonValueKind.Null:
            case JsonValueKind.True:
            case JsonValueKind.False:
                return true;
            case JsonValueKind.Number:
                return JsonNumber.TryRead(a, out var na) && JsonNumber.TryRead(b, out var nb) && JsonNumber.ValueEquals(na, nb);
            case JsonValueKind.String:
                return string.Equals(a!.GetValue<string>(), b!.GetValue<string>(), StringComparison.Ordinal);
            case JsonValueKind.Array:
                return ArraysEqual(a!.AsArray(), b!.AsArray());
            case JsonValueKind.Object:
                return ObjectsEqual(a!.AsObject(), b!.AsObject());
            default:
                return false;
        }
    }

    /// <summary>
    /// A hash consistent with <see cref="DeepEquals"/> (1 and 1.0 hash alike, objects regardless of order), so that a
    /// set of values can be compared within hash buckets instead of pairwise. Seeded per process, like string hashes,
    /// so data cannot be crafted to collide.
    /// </summary>
    public static int Hash(JsonNode? node)
    {
        var kind = KindOf(node);
        switch (kind)
        {
            case JsonValueKind.Number:
                return JsonNumber.TryRead(node, out var number) ? HashNumber(number) : 0;
            case JsonValueKind.String:
                return string.GetHashCode(node!.GetValue<string>(), StringComparison.Ordinal);
            case JsonValueKind.Array:
                var items = new HashCode();
                foreach (var item in node!.AsArray())
                {
                    items.Add(Hash(item));
                }

                return items.ToHashCode();
            case JsonValueKind.Object:
                // A sum does not depend on property order.
                var sum = 0;
                foreach (var (name, value) in node!.AsObject())
                {
                    sum = unchecked(sum + HashCode.Combine(string.GetHashCode(name, StringComparison.Ordinal), Hash(value)));
                }

                return HashCode.Combine(kind, sum);
            default:
                return HashCode.Combine(kind);
        }
    }

    /// <summary>The JSON kind of a node, with C# null meaning JSON null.</summary>
    public static JsonValueKind KindOf(JsonNode? node) => node?.GetValueKind() ?? JsonValueKind.Null;

    // Equal numbers have equal doubles (decimals normalised first, so 1.0 and 1 convert alike); both halves of the bits
    // go through the seeded combiner, since double's own hash folds them and is easy to collide.
    private static int HashNumber(JsonNumber number)
    {
        var value = number.HasDecimal ? (double)JsonNumber.Normalize(number.Decimal) : number.Double;
        var bits = BitConverter.DoubleToInt64Bits(value == 0 ? 0 : value);
        return HashCode.Combine((int)bits, (int)(bits >> 32));
    }

    private static bool ArraysEqual(JsonArray a, JsonArray b)
    {
        if (a.Count != b.Count)
        {
            return false;
        }

        for (var i = 0; i < a.Count; i++)
        {
            if (!DeepEquals(a[i], b[i]))
            {
                return false;
            }
        }

        return true;
    }

    private static bool ObjectsEqual(JsonObject a, JsonObject b)
    {
        if (a.Count != b.Count)
        {
            return false;
        }

        foreach (var (name, value) in a)
        {
            if (!b.TryGetPropertyValue(name, out var other) || !DeepEquals(value, other))
            {
                return false;
            }
        }

        return true;
    }
}
