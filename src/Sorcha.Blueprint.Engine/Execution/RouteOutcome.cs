namespace Sorcha.Blueprint.Engine.Execution;

public enum RouteOutcome
{
    /// <summary>A route matched and names the next action.</summary>
    Next,

    /// <summary>A route matched with "next": null, or the action declares no routes: the instance is complete.</summary>
    Finished,

    /// <summary>Routes are declared but no condition was truthy: the data fits no path, which the API reports as 422.</summary>
    NoMatch,
}
