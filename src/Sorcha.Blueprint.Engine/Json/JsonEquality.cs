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

    /// <summary>The JSON kind of a node, with C# null meaning JSON null.</summary>
    public static JsonValueKind KindOf(JsonNode? node) => node?.GetValueKind() ?? JsonValueKind.Null;

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
