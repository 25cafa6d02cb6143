using System.Text.Json.Nodes;

namespace Sorcha.Blueprint.Engine.Logic;

/// <summary>An operation such as {"+": [1, {"var": "x"}]}, with its operator resolved at compile time.</summary>
internal sealed class OperationNode(LogicOperator op, LogicNode[] args, string pointer, bool spread) : LogicNode
{
    public override JsonNode? Evaluate(JsonNode? data, LogicScope scope)
    {
        scope.Budget.Step();
        if (scope.Depth > MaxEvaluationDepth)
        {
            return null;
        }

        try
        {
            return spread ? ApplySpread(data, scope.Deeper()) : op.Apply(args, data, scope.Deeper());
        }
        catch (JsonLogicException e) when (e.Location is null)
        {
            // The innermost failing operation names itself, so the author sees where in the rule it failed.
            throw e.At(pointer);
        }
    }

    private JsonNode? ApplySpread(JsonNode? data, LogicScope scope)
    {
        var value = args[0].Evaluate(data, scope);
        JsonNode?[] values = value is JsonArray array ? [.. array] : [value];
        // Each spread item is an argument the operator works through, as a literal argument would be: one step each.
        scope.Budget.Steps(values.Length);
        return op.Accepts(values.Length)
            ? op.ApplyToValues!(values, data, scope)
            : throw new JsonLogicException(JsonLogicException.InvalidArguments);
    }
}
