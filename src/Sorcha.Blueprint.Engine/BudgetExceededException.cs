namespace Sorcha.Blueprint.Engine;

/// <summary>
/// The request's <see cref="WorkBudget"/> ran out: the blueprint and data together ask for more work than a request may
/// do. The caller's input is at fault, not the platform, so the service answers 422 naming <see cref="Budget"/>.
/// </summary>
public sealed class BudgetExceededException : Exception
{
    public BudgetExceededException(BudgetKind budget, string message)
        : base(message)
    {
        Budget = budget;
    }

    public BudgetExceededException()
        : this(BudgetKind.Steps, "The work budget was exceeded.")
    {
    }

    public BudgetExceededException(string message)
        : this(BudgetKind.Steps, message)
    {
    }

    public BudgetExceededException(string message, Exception innerException)
        : base(message, innerException)
    {
        Budget = BudgetKind.Steps;
    }

    public BudgetKind Budget { get; }
}
