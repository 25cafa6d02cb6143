using System.Text.Json.Nodes;

namespace Sorcha.Blueprint.Engine.Logic;

/// <summary>An array in a rule: each element is itself a rule, evaluated against the same data (as json-logic-js does).</summary>
internal sealed class ArrayNode(LogicNode[] items) : LogicNode
{
    public override JsonNode? Evaluate(JsonNode? data, LogicScope scope)
    {
        scope.Budget.Step();
        var result = new JsonArray();
        foreach (var item in items)
        {
            result.Add(scope.Budget.Detach(item.Evaluate(data, scope.Deeper())));
        }

        scope.Budget.Produce(result.Count);
        return result;
    }
}
