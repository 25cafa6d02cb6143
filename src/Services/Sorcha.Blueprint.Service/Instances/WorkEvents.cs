using Sorcha.Contracts.Events;
using Sorcha.Contracts.Instances;
using Sorcha.Events;

namespace Sorcha.Blueprint.Service.Instances;

/// <summary>
/// The live events of participants' work, raised once the change they tell of is in Redis (docs/api.md, "Live
/// events"): a step that became next (to its wallet), a step committed or rejected and an instance that ended (to
/// every bound wallet). Not awaited: each publish is on its way to Redis, in this order, when the call returns, and
/// the answer does not wait for Redis's acknowledgement (which, while the backplane re-dials, can take seconds).
/// <see cref="LiveEvents"/> never faults: a lost publish costs an event, never the step; clients catch up through
/// the inbox.
/// </summary>
public sealed class WorkEvents(LiveEvents events, TimeProvider clock)
{
    public void InstanceCreated(InstanceRecord instance, string firstActionId, string firstWallet) =>
        _ = events.ToWalletsAsync([firstWallet], LiveEvents.Names.ActionAvailable,
            new ActionAvailable(instance.Id, firstActionId, firstWallet, clock.GetUtcNow()));

    public void StepCommitted(InstanceRecord instance, InstanceStep step, string? nextActionId, string? nextWallet, string? endState)
    {
        var at = clock.GetUtcNow();
        var bound = instance.Participants.Values;
        _ = step.Rejected
            ? events.ToWalletsAsync(bound, LiveEvents.Names.ActionRejected, new ActionRejected(instance.Id, step.ActionId, step.TxId, at))
            : events.ToWalletsAsync(bound, LiveEvents.Names.ActionCommitted, new ActionCommitted(instance.Id, step.ActionId, step.TxId, step.Sequence, at));
        if (nextActionId is not null && nextWallet is not null)
        {
            _ = events.ToWalletsAsync([nextWallet], LiveEvents.Names.ActionAvailable, new ActionAvailable(instance.Id, nextActionId, nextWallet, at));
        }

        if (endState is not null)
        {
            _ = events.ToWalletsAsync(bound, LiveEvents.Names.InstanceEnded, new InstanceEnded(instance.Id, endState, at));
        }
    }
}
