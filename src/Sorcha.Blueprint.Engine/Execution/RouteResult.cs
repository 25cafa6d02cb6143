namespace Sorcha.Blueprint.Engine.Execution;

/// <summary>
/// Where an action leads. <see cref="NextActionId"/>/<see cref="NextParticipant"/> are null when finished; a
/// <see cref="RouteOutcome.NoMatch"/> result is an error for the caller to report, not an exception.
/// </summary>
public sealed record RouteResult(RouteOutcome Outcome, string? NextActionId, string? NextParticipant, string? Error = null)
{
    public static RouteResult Finished { get; } = new(RouteOutcome.Finished, null, null);

    public bool IsNoMatch => Outcome == RouteOutcome.NoMatch;

    public static RouteResult To(string actionId, string participantId) => new(RouteOutcome.Next, actionId, participantId);

    public static RouteResult NoMatch(string actionId) =>
        new(RouteOutcome.NoMatch, null, null, $"no route of action '{actionId}' matches the data (every condition was falsy)");
}
