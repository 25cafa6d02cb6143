using System.Globalization;
using System.Text.Json;
using System.Text.Json.Nodes;

namespace Sorcha.Web.Designer;

/// <summary>
/// Whether two blueprint documents say the same: JSON equality (JsonNode.DeepEquals), except that an object member
/// whose value is null counts as absent, because the contract treats the two alike and the client leaves nulls out.
/// </summary>
public static class JsonMeaning
{
    public static bool Same(JsonNode? a, JsonNode? b) => FirstDifference(a, b) is null;

    /// <summary>The JSON Pointer of the first place the two differ, or null when they say the same.</summary>
    public static string? FirstDifference(JsonNode? a, JsonNode? b) => Compare(a, b, "", lossOnly: false);

    /// <summary>
    /// The first place where <paramref name="original"/> says something <paramref name="kept"/> does not; members only
    /// <paramref name="kept"/> has (defaults a record writes) do not count.
    /// </summary>
    public static string? FirstLoss(JsonNode? original, JsonNode? kept) => Compare(original, kept, "", lossOnly: true);

    private static string? Compare(JsonNode? a, JsonNode? b, string at, bool lossOnly)
    {
        switch (a, b)
        {
            case (JsonObject x, JsonObject y):
                foreach (var name in lossOnly ? x.Select(p => p.Key).ToList() : x.Select(p => p.Key).Union(y.Select(p => p.Key)).ToList())
                {
                    if (Compare(x[name], y[name], at + "/" + name.Replace("~", "~0", StringComparison.Ordinal)
                        .Replace("/", "~1", StringComparison.Ordinal), lossOnly) is { } inner)
                    {
                        return inner;
                    }
                }

                return null;
            case (JsonArray x, JsonArray y):
                for (var i = 0; i < Math.Max(x.Count, y.Count); i++)
                {
                    var here = at + "/" + i.ToString(CultureInfo.InvariantCulture);
                    if (i >= x.Count || i >= y.Count)
                    {
                        return here;
                    }

                    if (Compare(x[i], y[i], here, lossOnly) is { } inner)
                    {
                        return inner;
                    }
                }

                return null;
            default:
                return IsNull(a) && IsNull(b) || JsonNode.DeepEquals(a, b) ? null : at;
        }
    }

    private static bool IsNull(JsonNode? node) => node is null || node.GetValueKind() == JsonValueKind.Null;
}
