using System.Security.Cryptography;
using System.Text;
using StackExchange.Redis;

namespace Sorcha.Blueprint.Service.Blueprints;

/// <summary>
/// Every Redis key of the blueprint family (only <c>BlueprintStore</c> uses them). The hash tag is the aggregate:
/// one blueprint with its frozen versions (<c>{bp:&lt;id&gt;}</c>), the listing (<c>{bp-index}</c>), or one owner's quota (<c>{bp-owner:&lt;hash&gt;}</c>).
/// Touched together: a publish is one MULTI on <see cref="Blueprint"/>, <see cref="Version"/> and <see cref="Versions"/>
/// (one slot: the version is frozen in the step that publishes it); a replace or delete is one MULTI on <see cref="Blueprint"/> alone (WATCH-style conditions on its own
/// fields); the index and its counter share a tag so they may be; an owner's three quota keys are one script
/// (<see cref="OfOwner"/>). A blueprint, the index and the owner's keys are written one after the other, never in one
/// step, so they may sit in different slots. The names are today's, kept so that stored blueprints (a developer's AOF) stay readable.
/// </summary>
public static class BlueprintKeys
{
    /// <summary>
    /// Hash: <c>record</c> (the BlueprintRecord JSON) and copies of the document's <c>version</c> and <c>published</c> flag
    /// that replace and delete compare-and-set on.
    /// </summary>
    public static RedisKey Blueprint(string id) => $"{{bp:{id}}}";

    /// <summary>
    /// String: the BlueprintRecord as published at <paramref name="version"/>, never changed. Kept when the blueprint is
    /// deleted, so instances running on it finish (bounded by Limits:Quotas:BlueprintVersions, <see cref="OwnedPublishes"/>).
    /// </summary>
    public static RedisKey Version(string id, int version) => $"{{bp:{id}}}:v:{version}";

    /// <summary>
    /// String with a time to live: some replica serves the document from a lease until it expires, so a replace or a
    /// delete waits out its remaining time before it answers (BlueprintStore.Current.cs).
    /// </summary>
    public static RedisKey Leased(string id) => $"{{bp:{id}}}:leased";

    /// <summary>Sorted set: one member per published version (BlueprintVersionEntry JSON), scored by its number.</summary>
    public static RedisKey Versions(string id) => $"{{bp:{id}}}:versions";

    /// <summary>Sorted set of blueprint ids scored by <see cref="Sequence"/>, so listing follows creation order exactly.</summary>
    public static readonly RedisKey Index = "{bp-index}:created";

    /// <summary>Counter: the next listing sequence.</summary>
    public static readonly RedisKey Sequence = "{bp-index}:seq";

    /// <summary>
    /// Hash: blueprint id → the bytes it is charged (its document's size) for every blueprint the owner created and has
    /// not deleted: the owner's count (Limits:Quotas:Blueprints) and what the byte quota adds up. Subjects may hold any
    /// character (a brace would move the hash tag), so the key holds a hash of the subject instead.
    /// </summary>
    public static RedisKey Owned(string owner) => $"{{bp-owner:{OwnerHash(owner)}}}";

    /// <summary>Hash: blueprint id → the version whose size <see cref="Owned"/> holds (a late update cannot undo a newer one's).</summary>
    public static RedisKey OwnedVersions(string owner) => $"{{bp-owner:{OwnerHash(owner)}}}:versions";

    /// <summary>String: the sum of <see cref="Owned"/>'s values, checked against Limits:Quotas:BlueprintBytes.</summary>
    public static RedisKey OwnedBytes(string owner) => $"{{bp-owner:{OwnerHash(owner)}}}:bytes";

    /// <summary>String: how many versions the owner has published in all (never lowered: versions are kept), for Limits:Quotas:BlueprintVersions.</summary>
    public static RedisKey OwnedPublishes(string owner) => $"{{bp-owner:{OwnerHash(owner)}}}:published";

    /// <summary>One owner's quota keys, in the order the quota scripts name them (one slot).</summary>
    public static RedisKey[] OfOwner(string owner) => [Owned(owner), OwnedVersions(owner), OwnedBytes(owner)];

    /// <summary>Every key this family may write, as anchored regular expressions (checked by the key-catalogue test).</summary>
    public static readonly IReadOnlyList<string> Patterns =
    [
        @"^\{bp:[0-9a-f]{32}\}(:versions|:leased|:v:[1-9][0-9]*)?$",
        @"^\{bp-index\}:(created|seq)$",
        @"^\{bp-owner:[0-9a-f]{32}\}(:versions|:bytes|:published)?$",
    ];

    private static string OwnerHash(string owner) => Convert.ToHexStringLower(SHA256.HashData(Encoding.UTF8.GetBytes(owner)))[..32];
}
