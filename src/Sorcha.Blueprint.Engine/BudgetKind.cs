namespace Sorcha.Blueprint.Engine;

/// <summary>Which part of a <see cref="WorkBudget"/> ran out (see <see cref="EngineLimits"/>).</summary>
public enum BudgetKind
{
    Time,
    Steps,

    /// <summary>Too much built, or built too deep (<see cref="EngineLimits.MaxDepth"/>).</summary>
    Output,
}
