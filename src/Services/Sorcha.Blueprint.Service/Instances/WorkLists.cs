using StackExchange.Redis;

namespace Sorcha.Blueprint.Service.Instances;

/// <summary>
/// The instance lists an instance belongs to (GET /api/instances): its creator's and each bound wallet's, each both
/// for any blueprint and for its own, in one state (or <see cref="All"/>). Always in the same order, so that the lists
/// of two states pair up when an instance moves from one to the other.
/// </summary>
public static class WorkLists
{
    /// <summary>The lists of every state.</summary>
    public const string? All = null;

    public static IEnumerable<RedisKey> Of(InstanceRecord instance, string? state)
    {
        foreach (var who in Members(instance))
        {
            yield return InstanceKeys.List(who, state, null);
            yield return InstanceKeys.List(who, state, instance.BlueprintId);
        }
    }

    /// <summary>Who sees the instance in their lists: the creator, and every wallet bound to a participant (once each).</summary>
    public static IEnumerable<string> Members(InstanceRecord instance) =>
        instance.Participants.Values.Distinct(StringComparer.Ordinal).Select(InstanceKeys.Wallet).Prepend(InstanceKeys.Creator(instance.CreatedBy));
}
