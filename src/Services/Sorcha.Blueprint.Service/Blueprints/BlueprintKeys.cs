using StackExchange.Redis;

namespace Sorcha.Blueprint.Service.Blueprints;

/// <summary>
/// Every Redis key of the blueprint family (only <c>BlueprintStore</c> uses them). The hash tag is the aggregate:
/// one blueprint (<c>{bp:&lt;id&gt;}</c>), or the listing (<c>{bp-index}</c>). Touched together: a replace or delete is one
/// MULTI on <see cref="Blueprint"/> alone (WATCH-style conditions on its own fields); the index and its counter share a tag
/// so they may be. A blueprint and the index are written one after the other, never in one step, so they may sit in
/// different slots. The names are today's, kept so that stored blueprints (a developer's AOF) stay readable.
/// </summary>
public static class BlueprintKeys
{
    /// <summary>
    /// Hash: <c>record</c> (the BlueprintRecord JSON) and copies of the document's <c>version</c> and <c>published</c> flag
    /// that replace and delete compare-and-set on.
    /// </summary>
    public static RedisKey Blueprint(string id) => $"{{bp:{id}}}";

    /// <summary>Sorted set of blueprint ids scored by <see cref="Sequence"/>, so listing follows creation order exactly.</summary>
    public static readonly RedisKey Index = "{bp-index}:created";

    /// <summary>Counter: the next listing sequence.</summary>
    public static readonly RedisKey Sequence = "{bp-index}:seq";

    /// <summary>Every key this family may write, as anchored regular expressions (checked by the key-catalogue test).</summary>
    public static readonly IReadOnlyList<string> Patterns =
    [
        @"^\{bp:[0-9a-f]{32}\}$",
        @"^\{bp-index\}:(created|seq)$",
    ];
}
