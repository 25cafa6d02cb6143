using System.Text.Json.Nodes;

namespace Sorcha.Web.Designer;

/// <summary>One action placed on the graph: its layer (routes taken from the first action) and row, and whether any route reaches it.</summary>
public sealed record PlacedAction(int Index, string Id, string Title, string Sender, int Layer, int Row, bool First, bool Reachable);

/// <summary>An edge: a route (with its condition as text, "always" when it has none) or a rejection.</summary>
public sealed record RouteEdge(string From, string To, string Label);

/// <summary>
/// A simple layered layout (ours; no layout engine is served for Z.Blazor.Diagrams): each action's layer is its distance,
/// in routes and rejections, from the first action (breadth first, so a loop back does not push it right); actions in
/// a layer are stacked in document order; actions no route reaches go in a last layer of their own, flagged.
/// </summary>
public static class ActionGraph
{
    // A label is shown as text: ">" stays ">", not \u003E.
    private static readonly System.Text.Json.JsonSerializerOptions AsWritten = new() { Encoder = System.Text.Encodings.Web.JavaScriptEncoder.UnsafeRelaxedJsonEscaping };

    public static (IReadOnlyList<PlacedAction> Actions, IReadOnlyList<RouteEdge> Edges) Lay(BlueprintDraft draft)
    {
        var actions = draft.Actions.OfType<JsonObject>().ToList();
        var ids = actions.Select(a => BlueprintDraft.Text(a, "id")).ToList();
        var edges = actions.SelectMany(a => EdgesOf(a, BlueprintDraft.Text(a, "id"))).Where(e => ids.Contains(e.To)).ToList();
        var layer = new Dictionary<string, int>(StringComparer.Ordinal);
        if (ids.Count > 0)
        {
            layer[ids[0]] = 0;
            var queue = new Queue<string>([ids[0]]);
            while (queue.TryDequeue(out var current))
            {
                foreach (var edge in edges.Where(e => e.From == current && !layer.ContainsKey(e.To)))
                {
                    layer[edge.To] = layer[current] + 1;
                    queue.Enqueue(edge.To);
                }
            }
        }

        var last = layer.Count == 0 ? 0 : layer.Values.Max() + 1;
        var rows = new Dictionary<int, int>();
        var placed = actions.Select((a, i) =>
        {
            var reachable = layer.TryGetValue(ids[i], out var l);
            var at = reachable ? l : last;
            rows[at] = rows.GetValueOrDefault(at) + 1;
            return new PlacedAction(i, ids[i], BlueprintDraft.Text(a, "title"), BlueprintDraft.Text(a, "sender"), at, rows[at] - 1, i == 0, reachable);
        }).ToList();
        return (placed, edges);
    }

    private static IEnumerable<RouteEdge> EdgesOf(JsonObject action, string id)
    {
        foreach (var route in (action["routes"] as JsonArray ?? []).OfType<JsonObject>())
        {
            if (route["next"] is JsonValue next && next.TryGetValue<string>(out var to))
            {
                yield return new(id, to, route["condition"] is { } condition ? condition.ToJsonString(AsWritten) : "always");
            }
        }

        if (action["rejection"] is JsonObject rejection && rejection["next"] is JsonValue back && back.TryGetValue<string>(out var target))
        {
            yield return new(id, target, "rejected");
        }
    }
}
