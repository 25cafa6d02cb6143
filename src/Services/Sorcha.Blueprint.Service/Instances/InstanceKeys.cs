using System.Security.Cryptography;
using System.Text;
using StackExchange.Redis;

namespace Sorcha.Blueprint.Service.Instances;

/// <summary>
/// Every Redis key of the instance family (only <c>InstanceStore</c> and <c>WorkIndex</c> use them). They all share
/// one hash tag, <c>{work}</c>, because the indexes behind the inbox and the instance lists (a wallet's open steps, a
/// caller's or a wallet's instances by state) must change in the same script as the instance they describe (the
/// create, the advance), and a Redis Cluster script names keys of one slot only. The price: on a cluster the whole
/// family lives on one shard (registers, the bulk of the data, still spread); docs/reliability.md, "Work indexes".
/// Values that may hold any character (subjects, blueprint ids) are hashed into the key; addresses are bech32m.
/// </summary>
public static class InstanceKeys
{
    private const string Tag = "{work}";

    /// <summary>Hash: <c>record</c> (InstanceRecord JSON), <c>next</c> (action id, "" when ended), <c>step</c>, <c>updatedAt</c>, <c>state</c>, <c>since</c> (ms the next step became next).</summary>
    public static RedisKey Instance(string id) => $"{Tag}:inst:{id}";

    /// <summary>List of the committed steps (InstanceStep JSON), in order.</summary>
    public static RedisKey Steps(string id) => $"{Tag}:inst:{id}:steps";

    /// <summary>String: the per-instance step claim, a random token (SET NX with a TTL, InstanceStore.ClaimLifetime).</summary>
    public static RedisKey Claim(string id) => $"{Tag}:inst:{id}:claim";

    /// <summary>String: the current step's signed transaction while its commit is outstanding (PendingStep JSON).</summary>
    public static RedisKey Pending(string id) => $"{Tag}:inst:{id}:pending";

    /// <summary>
    /// Set of the ids of the open instances a caller created: its count for Limits:Quotas:OpenInstances (checked and
    /// added in the creating script, removed in the one that ends the instance).
    /// </summary>
    public static RedisKey OpenOf(string creator) => $"{Tag}:open:{Hash(creator)}";

    /// <summary>String: how many instances a caller has created in all, for Limits:Quotas:Instances (counted in the creating script).</summary>
    public static RedisKey CreatedBy(string creator) => $"{Tag}:created:{Hash(creator)}";

    /// <summary>Sorted set: the open steps waiting for <paramref name="wallet"/>, instance ids scored by when each became next (ms).</summary>
    public static RedisKey Inbox(string wallet) => $"{Tag}:inbox:{wallet}";

    /// <summary>
    /// Sorted set of instance ids scored by creation (ms): those <paramref name="who"/> (<see cref="Creator"/> or
    /// <see cref="Wallet"/>) is in, in <paramref name="state"/> (null: any), of <paramref name="blueprintId"/> (null: any).
    /// </summary>
    public static RedisKey List(string who, string? state, string? blueprintId) =>
        $"{Tag}:list:{who}:{(blueprintId is null ? "-" : Hash(blueprintId))}:{state ?? "all"}";

    public static string Creator(string subject) => "c" + Hash(subject);

    public static string Wallet(string address) => "w" + address;

    /// <summary>A scratch key for one read's union of several sets, deleted by the same script.</summary>
    public static RedisKey Scratch() => $"{Tag}:scratch:{Guid.NewGuid():N}";

    /// <summary>Every key this family may write, as anchored regular expressions (checked by the key-catalogue test).</summary>
    public static readonly IReadOnlyList<string> Patterns =
    [
        @"^\{work\}:inst:[0-9a-f]{32}(:steps|:claim|:pending)?$",
        @"^\{work\}:(open|created):[0-9a-f]{32}$",
        @"^\{work\}:inbox:ws1[02-9ac-hj-np-z]+$",
        @"^\{work\}:list:(c[0-9a-f]{32}|wws1[02-9ac-hj-np-z]+):(-|[0-9a-f]{32}):(all|open|completed|rejected)$",
        @"^\{work\}:scratch:[0-9a-f]{32}$",
    ];

    private static string Hash(string value) => Convert.ToHexStringLower(SHA256.HashData(Encoding.UTF8.GetBytes(value)))[..32];
}
