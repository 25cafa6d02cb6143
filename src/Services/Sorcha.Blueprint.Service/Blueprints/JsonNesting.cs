using System.Text.Json.Nodes;

namespace Sorcha.Blueprint.Service.Blueprints;

/// <summary>
/// How deep a client's JSON may nest inside a blueprint (schemas, rules) or an action's data. The reader allows 64
/// levels in all; what is stored or answered wraps these values in a few more levels (record, action, response), so
/// without a lower limit here a value that was readable could not be written back: a 500 instead of a 400.
/// </summary>
public static class JsonNesting
{
    public const int MaxDepth = 32;

    /// <summary>True when <paramref name="node"/> nests more than <see cref="MaxDepth"/> levels (a scalar is level 0).</summary>
    public static bool TooDeep(JsonNode? node)
    {
        var pending = new Stack<(JsonNode Node, int Depth)>();
        if (node is not null)
        {
            pending.Push((node, 0));
        }

        while (pending.TryPop(out var item))
        {
            IEnumerable<JsonNode?> children = item.Node switch
            {
                JsonObject o => o.Select(p => p.Value),
                JsonArray a => a,
                _ => [],
            };
            foreach (var child in children)
            {
                if (child is JsonObject or JsonArray)
                {
                    if (item.Depth + 1 >= MaxDepth)
                    {
                        return true;
                    }

                    pending.Push((child, item.Depth + 1));
                }
            }
        }

        return false;
    }

    public static string Message => $"nests more than {MaxDepth} levels deep.";
}
