using System.Text.Json.Nodes;

namespace Sorcha.Blueprint.Engine.Logic;

/// <summary>An operation such as {"+": [1, {"var": "x"}]}, with its operator resolved at compile time.</summary>
internal sealed class OperationNode(LogicOperator op, LogicNode[] args) : LogicNode
{
    public override JsonNode? Evaluate(JsonNode? data, LogicScope scope)
    {
        scope.Budget.Step();
        return scope.Depth > MaxEvaluationDepth ? null : op.Apply(args, data, scope.Deeper());
    }
}
