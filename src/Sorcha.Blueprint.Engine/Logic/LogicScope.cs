namespace Sorcha.Blueprint.Engine.Logic;

/// <summary>Where an evaluation is: how deeply nested (a guard for the stack) and the request's budget, which every node draws on.</summary>
internal readonly record struct LogicScope(int Depth, WorkBudget Budget)
{
    public LogicScope Deeper() => this with { Depth = Depth + 1 };
}
