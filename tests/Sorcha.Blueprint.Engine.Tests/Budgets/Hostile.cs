namespace Sorcha.Blueprint.Engine.Tests.Budgets;

/// <summary>Runs hostile work and expects the budget to stop it, in time.</summary>
internal static class Hostile
{
    /// <summary>
    /// The issue asks for an answer within 1 s, which the engine's own deadline (500 ms by default) guarantees. Measured
    /// loosely so that a busy shared machine cannot fail the test (5 s was exceeded once, beside the whole suite and a
    /// build); the old behaviour (minutes, or never) still does.
    /// </summary>
    public static readonly TimeSpan Loosely = TimeSpan.FromSeconds(20);

    /// <summary>
    /// Under the default limits: which budget runs out first depends on the machine's speed (2,000,000 steps can take
    /// longer than 500 ms on a busy two-core machine), so any will do, as long as the answer comes.
    /// </summary>
    public static Task<BudgetExceededException> ExceedsAsync(Action work) =>
        // A thread of its own: on a thread pool the parallel tests keep busy, the work could wait seconds to start.
        Assert.ThrowsAsync<BudgetExceededException>(() =>
            Task.Factory.StartNew(work, CancellationToken.None, TaskCreationOptions.LongRunning, TaskScheduler.Default).WaitAsync(Loosely));

    /// <summary>One budget in particular: pass a WorkBudget from <see cref="Only"/> so that no other runs out first.</summary>
    public static async Task<BudgetExceededException> ExceedsAsync(Action work, BudgetKind budget)
    {
        var e = await ExceedsAsync(work);
        Assert.Equal(budget, e.Budget);
        return e;
    }

    /// <summary>Budgets that leave only the one under test to run out.</summary>
    public static EngineLimits Only(BudgetKind budget, long limit) => budget switch
    {
        BudgetKind.Time => new EngineLimits { TimeMilliseconds = (int)limit, Steps = long.MaxValue, Output = long.MaxValue },
        BudgetKind.Steps => new EngineLimits { TimeMilliseconds = 60_000, Steps = limit, Output = long.MaxValue },
        _ => new EngineLimits { TimeMilliseconds = 60_000, Steps = long.MaxValue, Output = limit },
    };
}
