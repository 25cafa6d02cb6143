using System.Text.Json.Nodes;
using Sorcha.Blueprint.Engine.Json;

namespace Sorcha.Blueprint.Engine.Logic;

/// <summary>An array in a rule: each element is itself a rule, evaluated against the same data (as json-logic-js does).</summary>
internal sealed class ArrayNode(LogicNode[] items) : LogicNode
{
    public override JsonNode? Evaluate(JsonNode? data, int depth)
    {
        var result = new JsonArray();
        foreach (var item in items)
        {
            result.Add(JsonNodes.Detach(item.Evaluate(data, depth + 1)));
        }

        return result;
    }
}
