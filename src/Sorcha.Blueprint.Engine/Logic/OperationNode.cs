using System.Text.Json.Nodes;

namespace Sorcha.Blueprint.Engine.Logic;

/// <summary>An operation such as {"+": [1, {"var": "x"}]}, with its operator resolved at compile time.</summary>
internal sealed class OperationNode(LogicOperator op, LogicNode[] args) : LogicNode
{
    public override JsonNode? Evaluate(JsonNode? data, int depth) =>
        depth > MaxEvaluationDepth ? null : op.Apply(args, data, depth + 1);
}
