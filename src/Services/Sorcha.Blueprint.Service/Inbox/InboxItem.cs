using Sorcha.Blueprint.Service.Instances;
using BlueprintModel = Sorcha.Blueprint.Engine.Model.Blueprint;

namespace Sorcha.Blueprint.Service.Inbox;

/// <summary>One open step in GET /api/inbox; <see cref="Since"/>: when it became the instance's next step.</summary>
public sealed record InboxItem(
    string InstanceId,
    string BlueprintId,
    int BlueprintVersion,
    string? BlueprintTitle,
    string ActionId,
    string? ActionTitle,
    string? Participant,
    string? Wallet,
    string RegisterId,
    DateTimeOffset Since)
{
    /// <summary>
    /// Titles and the participant come from the blueprint the instance runs; if that is gone (deleted), they are null
    /// and the step still shows, as it is still open.
    /// </summary>
    public static InboxItem Of(IndexedInstance item, BlueprintModel? blueprint)
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
