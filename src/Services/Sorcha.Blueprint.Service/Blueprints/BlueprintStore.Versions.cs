using System.Text.Json;
using Sorcha.Contracts.Blueprints;
using StackExchange.Redis;

namespace Sorcha.Blueprint.Service.Blueprints;

/// <summary>What publishing did.</summary>
public enum PublishOutcome
{
    Published,

    /// <summary>The blueprint changed since it was read; nothing was written.</summary>
    Conflict,

    /// <summary>The owner has published as many versions as Limits:Quotas:BlueprintVersions allows; nothing was written.</summary>
    TooMany,
}

/// <summary>
/// Published versions (<see cref="BlueprintKeys.Version"/>): each publish freezes a copy of the record in the same MULTI
/// that marks the document published, so a version exists exactly when a publish happened. Instances run on their
/// version, never on the document, which later edits and publishes change.
/// </summary>
public sealed partial class BlueprintStore
{
    /// <summary>KEYS OwnedPublishes; ARGV quota (0: none) → 1 counted, 0 refused. Never released: versions are kept.</summary>
    private const string CountPublishScript = """
        if tonumber(ARGV[1]) > 0 and tonumber(redis.call('GET', KEYS[1]) or '0') >= tonumber(ARGV[1]) then return 0 end
        redis.call('INCR', KEYS[1])
        return 1
        """;

    /// <summary>
    /// Publishes <paramref name="next"/> (the document marked published at its version) if the stored blueprint is still
    /// <paramref name="previous"/>, freezing it as a version in the same step; the owner's publish count is taken first
    /// and given back if the blueprint changed meanwhile.
    /// </summary>
    public async Task<PublishOutcome> TryPublishAsync(BlueprintRecord previous, BlueprintRecord next, long versionsQuota)
    {
        var counter = BlueprintKeys.OwnedPublishes(previous.Owner);
        if ((long)await Db.ScriptEvaluateAsync(CountPublishScript, [counter], [versionsQuota]) == 0)
        {
            return PublishOutcome.TooMany;
        }

        var (id, version) = (next.Blueprint.Id, next.Blueprint.Version);
        var key = BlueprintKeys.Blueprint(id);
        var transaction = Db.CreateTransaction();
        Unchanged(transaction, key, previous);
        _ = transaction.HashSetAsync(key, Fields(next));
        _ = transaction.StringSetAsync(BlueprintKeys.Version(id, version), JsonSerializer.Serialize(next, Json));
        _ = transaction.SortedSetAddAsync(BlueprintKeys.Versions(id),
            JsonSerializer.Serialize(new BlueprintVersionEntry(version, next.PublishedAt!.Value), Json), version);
        if (await transaction.ExecuteAsync())
        {
            return PublishOutcome.Published;
        }

        await Db.StringDecrementAsync(counter);
        return PublishOutcome.Conflict;
    }

    /// <summary>
    /// The blueprint as published at <paramref name="version"/>, from memory once read. A blueprint published before
    /// versions were kept has none stored: its document is that version while it stays published at that number.
    /// </summary>
    public async ValueTask<BlueprintRecord?> GetVersionAsync(string id, int version)
    {
        if (_versions.TryGetValue((id, version), out var remembered))
        {
            return remembered;
        }

        var value = await Db.StringGetAsync(BlueprintKeys.Version(id, version));
        if (!value.IsNull)
        {
            return Remember(JsonSerializer.Deserialize<BlueprintRecord>((string)value!, Json)!);
        }

        return await GetAsync(id) is { Blueprint.Published: true } current && current.Blueprint.Version == version
            ? Remember(current)
            : null;
    }

    /// <summary>A page of the published versions, oldest first, and how many there are; null when neither they nor the blueprint exist.</summary>
    public async Task<(IReadOnlyList<BlueprintVersionEntry> Items, long Total)?> ListVersionsAsync(string id, long skip, int take)
    {
        var key = BlueprintKeys.Versions(id);
        var total = await Db.SortedSetLengthAsync(key);
        if (total == 0)
        {
            // None stored: a draft never published, or a blueprint published before versions were kept (its one version).
            return await GetAsync(id) is not { } current ? null
                : current.Blueprint.Published && current.PublishedAt is { } at && skip == 0
                    ? ([new BlueprintVersionEntry(current.Blueprint.Version, at)], 1)
                    : ([], current.Blueprint.Published ? 1 : 0);
        }

        var members = await Db.SortedSetRangeByRankAsync(key, skip, skip + take - 1);
        return ([.. members.Select(m => JsonSerializer.Deserialize<BlueprintVersionEntry>((string)m!, Json)!)], total);
    }
}
