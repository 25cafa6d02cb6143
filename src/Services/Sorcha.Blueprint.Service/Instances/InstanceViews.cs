using Sorcha.Contracts.Blueprints;
using Sorcha.Contracts.Instances;

namespace Sorcha.Blueprint.Service.Instances;

/// <summary>The wire shapes of an instance (Sorcha.Contracts.Instances), made from what the store holds.</summary>
public static class InstanceViews
{
    /// <summary>GET /api/instances/{id}; <paramref name="blueprint"/>: the version it runs, null if that is gone.</summary>
    public static InstanceDto Dto(InstanceState state, BlueprintDocument? blueprint)
    {
        var nextParticipant = state.NextActionId is { } next ? blueprint?.FindAction(next)?.Sender : null;
        var r = state.Record;
        return new InstanceDto(r.Id, r.BlueprintId, r.BlueprintVersion, r.RegisterId, r.Participants,
            state.NextActionId is null ? state.State : "active", state.State, state.NextActionId, nextParticipant,
            [.. state.Steps.Select(s => s.TxId)], state.Steps, r.CreatedAt, state.UpdatedAt);
    }

    public static InstanceSummary Summary(IndexedInstance item, string? blueprintTitle) => new(item.Record.Id, item.Record.BlueprintId,
        item.Record.BlueprintVersion, blueprintTitle, item.Record.RegisterId, item.State, item.NextActionId, item.Record.CreatedAt,
        item.UpdatedAt);

    /// <summary>
    /// One open step of GET /api/inbox. Titles and the participant come from the blueprint the instance runs; if that
    /// is gone (deleted), they are null and the step still shows, as it is still open.
    /// </summary>
    public static InboxItem InboxEntry(IndexedInstance item, BlueprintDocument? blueprint)
    {
        var r = item.Record;
        var actionId = item.NextActionId ?? "";
        var runs = blueprint is not null && blueprint.Version == r.BlueprintVersion ? blueprint : null;
        var action = runs?.FindAction(actionId);
        var participant = action?.Sender;
        return new InboxItem(r.Id, r.BlueprintId, r.BlueprintVersion, runs?.Title, actionId, action?.Title, participant,
            participant is not null && r.Participants.TryGetValue(participant, out var wallet) ? wallet : null, r.RegisterId, item.Since);
    }
}
