using Sorcha.Events;

namespace Sorcha.Blueprint.Service.Instances;

/// <summary>
/// The live events of participants' work, raised once the change they tell of is in Redis (docs/api.md, "Live
/// events"): a step that became next (to its wallet), a step committed or rejected and an instance that ended (to
/// every bound wallet). Awaited before the answer, so a client that learns of a step from its 201 is never ahead of
/// the event; <see cref="LiveEvents"/> never throws, so a lost publish costs an event, never the step.
/// </summary>
public sealed class WorkEvents(LiveEvents events, TimeProvider clock)
{
    public Task InstanceCreatedAsync(InstanceRecord instance, string firstActionId, string firstWallet) =>
        events.ToWalletsAsync([firstWallet], LiveEvents.Names.ActionAvailable,
            new ActionAvailable(instance.Id, firstActionId, firstWallet, clock.GetUtcNow()));

    public async Task StepCommittedAsync(InstanceRecord instance, InstanceStep step, string? nextActionId, string? nextWallet, string? endState)
    {
        var at = clock.GetUtcNow();
        var bound = instance.Participants.Values;
        var sending = new List<Task>(3)
        {
            step.Rejected
                ? events.ToWalletsAsync(bound, LiveEvents.Names.ActionRejected, new ActionRejected(instance.Id, step.ActionId, step.TxId, at))
                : events.ToWalletsAsync(bound, LiveEvents.Names.ActionCommitted,
                    new ActionCommitted(instance.Id, step.ActionId, step.TxId, step.Sequence, at)),
        };
        if (nextActionId is not null && nextWallet is not null)
        {
            sending.Add(events.ToWalletsAsync([nextWallet], LiveEvents.Names.ActionAvailable,
                new ActionAvailable(instance.Id, nextActionId, nextWallet, at)));
        }

        if (endState is not null)
        {
            sending.Add(events.ToWalletsAsync(bound, LiveEvents.Names.InstanceEnded, new InstanceEnded(instance.Id, endState, at)));
        }

        await Task.WhenAll(sending);
    }
}
