namespace Sorcha.Performance.Engine;

/// <summary>
/// One load scenario: <see cref="InitAsync"/> makes real data before the clock starts; <see cref="StepAsync"/> is one
/// request whose answer is checked. A step returns false (or throws) when the answer was wrong: that is a failure,
/// whatever the status code said.
/// </summary>
public abstract class Scenario
{
    public abstract string Name { get; }

    /// <summary>Requests per second at --rate-scale 1 (performance.md's defaults).</summary>
    public abstract double DefaultRate { get; }

    public virtual Task InitAsync(LoadContext context, CancellationToken ct) => Task.CompletedTask;

    public abstract Task<bool> StepAsync(LoadContext context, CancellationToken ct);
}
