using System.Security.Cryptography;
using System.Text;
using StackExchange.Redis;

namespace Sorcha.Blueprint.Service.Instances;

/// <summary>
/// Every Redis key of the instance family (only <c>InstanceStore</c> uses them), all hash-tagged on the instance
/// (<c>{inst:&lt;id&gt;}</c>) so that the claim, advance and save-pending scripts and the release MULTI — each over some
/// of the claim, the record, the steps and the pending step — stay in one slot on Redis Cluster
/// (<see cref="OfInstance"/>). The one key per creator, <see cref="OpenOf"/>, is tagged on the creator and written in a
/// step of its own before an instance is created and after it completes. The names are today's, kept so that stored instances (a developer's AOF) stay readable.
/// </summary>
public static class InstanceKeys
{
    /// <summary>Hash: <c>record</c> (InstanceRecord JSON), <c>next</c> (action id, "" when complete), <c>step</c>, <c>updatedAt</c>.</summary>
    public static RedisKey Instance(string id) => $"{{inst:{id}}}";

    /// <summary>List of the committed steps (InstanceStep JSON), in order.</summary>
    public static RedisKey Steps(string id) => $"{{inst:{id}}}:steps";

    /// <summary>String: the per-instance step claim, a random token (SET NX with a TTL, InstanceStore.ClaimLifetime).</summary>
    public static RedisKey Claim(string id) => $"{{inst:{id}}}:claim";

    /// <summary>String: the current step's signed transaction while its commit is outstanding (PendingStep JSON).</summary>
    public static RedisKey Pending(string id) => $"{{inst:{id}}}:pending";

    /// <summary>
    /// Set of the ids of the instances a caller created that are not complete: its count for Limits:Quotas:OpenInstances
    /// (a creation reserves its id here, checked and added in one script, before the instance is written; completing
    /// removes it). Subjects may hold any character (a brace would move the hash tag), so the key holds a hash instead.
    /// </summary>
    public static RedisKey OpenOf(string creator) =>
        $"{{inst-open:{Convert.ToHexStringLower(SHA256.HashData(Encoding.UTF8.GetBytes(creator)))[..32]}}}";

    /// <summary>Every key of one instance: the only keys a transaction of that instance may name (one slot).</summary>
    public static IReadOnlyList<RedisKey> OfInstance(string id) => [Instance(id), Steps(id), Claim(id), Pending(id)];

    /// <summary>Every key this family may write, as anchored regular expressions (checked by the key-catalogue test).</summary>
    public static readonly IReadOnlyList<string> Patterns =
    [
        @"^\{inst:[0-9a-f]{32}\}(:steps|:claim|:pending)?$",
        @"^\{inst-open:[0-9a-f]{32}\}$",
    ];
}
