using System.Text.Json.Nodes;

namespace Sorcha.IntegrationTests.OpenApi;

/// <summary>
/// The differences between two JSON documents, one line each, located the way a reader of an OpenAPI document looks
/// for them: <c>paths["/api/wallets"].post.responses["201"]…</c>, so a failure names the route, status or field.
/// </summary>
public static class JsonDiff
{
    public static IReadOnlyList<string> Differences(JsonNode? committed, JsonNode? served)
    {
        var found = new List<string>();
        Compare(committed, served, "", found);
        return found;
    }

    private static void Compare(JsonNode? committed, JsonNode? served, string where, List<string> found)
    {
        switch (committed, served)
        {
            case (JsonObject a, JsonObject b):
                foreach (var (name, value) in a)
                {
                    if (b.TryGetPropertyValue(name, out var other))
                    {
                        Compare(value, other, Member(where, name), found);
                    }
                    else
                    {
                        found.Add($"removed {Member(where, name)}");
                    }
                }

                found.AddRange(b.Where(p => !a.ContainsKey(p.Key)).Select(p => $"added {Member(where, p.Key)}"));
                break;
            case (JsonArray a, JsonArray b):
                for (var i = 0; i < Math.Max(a.Count, b.Count); i++)
                {
                    var at = $"{where}[{i}]";
                    if (i >= b.Count)
                    {
                        found.Add($"removed {at}: {a[i]?.ToJsonString()}");
                    }
                    else if (i >= a.Count)
                    {
                        found.Add($"added {at}: {b[i]?.ToJsonString()}");
                    }
                    else
                    {
                        Compare(a[i], b[i], at, found);
                    }
                }

                break;
            default:
                if (!JsonNode.DeepEquals(committed, served))
                {
                    found.Add($"changed {where}: {committed?.ToJsonString() ?? "null"} → {served?.ToJsonString() ?? "null"}");
                }

                break;
        }
    }

    private static string Member(string where, string name) =>
        name.All(c => char.IsAsciiLetterOrDigit(c) || c == '_') && !char.IsAsciiDigit(name[0])
            ? (where.Length == 0 ? name : $"{where}.{name}")
            : $"{where}[\"{name}\"]";
}
