using System.Text.Json.Nodes;

namespace Sorcha.Blueprint.Engine.Logic;

/// <summary>A compiled piece of a JSON Logic rule. Results are fresh nodes or nodes of the caller's data; never shared rule state.</summary>
internal abstract class LogicNode
{
    // Rules are at most LogicCompiler.MaxDepth deep, so this only trips if a bug lets a deeper tree through.
    internal const int MaxEvaluationDepth = 256;

    public abstract JsonNode? Evaluate(JsonNode? data, LogicScope scope);
}
