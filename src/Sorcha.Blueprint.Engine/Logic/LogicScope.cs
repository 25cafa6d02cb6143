using System.Text.Json.Nodes;

namespace Sorcha.Blueprint.Engine.Logic;

/// <summary>
/// Where an evaluation is: how deeply nested (a guard for the stack), the request's budget, which every node draws on,
/// and the iterations it is inside (for val's climbing).
/// </summary>
internal readonly record struct LogicScope(int Depth, WorkBudget Budget, LogicFrame? Frames = null)
{
    public LogicScope Deeper() => this with { Depth = Depth + 1 };

    /// <summary>The scope for one element of an iteration over <paramref name="enclosing"/>.</summary>
    public LogicScope Iterating(JsonNode? enclosing, int index) => this with { Frames = new LogicFrame(enclosing, index, Frames) };
}
