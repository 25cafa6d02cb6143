using System.Text.Json;
using System.Text.Json.Nodes;
using Sorcha.Client;
using Sorcha.Contracts.Blueprints;

namespace Sorcha.Web.Designer;

/// <summary>What one change between two versions is: something added, removed, or a member changed.</summary>
public enum ChangeKind
{
    Added,
    Removed,
    Changed,
}

/// <summary>One row of a diff: what changed (<paramref name="Subject"/>, e.g. "Action apply"), which member, and both sides as JSON.</summary>
public sealed record Change(ChangeKind Kind, string Subject, string Member, JsonNode? Before, JsonNode? After);

/// <summary>
/// Compares two blueprint versions the way an author reads them: participants and actions matched by id (added,
/// removed, changed), and for an action each member apart (title, sender, data schema, calculations, routes,
/// disclosures, rejection), down to the schema's own members, so a changed condition or schema field shows as its own
/// row with both sides.
/// </summary>
public static class VersionDiff
{
    private static readonly string[] ActionMembers = ["title", "sender", "dataSchema", "calculations", "routes", "disclosures", "rejection"];

    public static IReadOnlyList<Change> Compare(BlueprintDocument before, BlueprintDocument after)
    {
        var changes = new List<Change>();
        Member(changes, "Blueprint", "title", Json(before.Title), Json(after.Title));
        Member(changes, "Blueprint", "description", Json(before.Description), Json(after.Description));
        Keyed(changes, "Participant", before.Participants, after.Participants, p => p.Id, Node, ["name"]);
        Keyed(changes, "Action", before.Actions, after.Actions, a => a.Id, Node, ActionMembers);
        Member(changes, "Blueprint", "first action", Json(First(before)), Json(First(after)));
        return changes;
    }

    private static void Keyed<T>(List<Change> changes, string kind, IReadOnlyList<T> before, IReadOnlyList<T> after,
        Func<T, string> id, Func<T, JsonObject> node, string[] members)
    {
        var old = before.GroupBy(id).ToDictionary(g => g.Key, g => node(g.First()), StringComparer.Ordinal);
        var now = after.GroupBy(id).ToDictionary(g => g.Key, g => node(g.First()), StringComparer.Ordinal);
        foreach (var (key, value) in old.Where(o => !now.ContainsKey(o.Key)))
        {
            changes.Add(new(ChangeKind.Removed, $"{kind} {key}", kind.ToLowerInvariant(), value, null));
        }

        foreach (var (key, value) in now)
        {
            if (!old.TryGetValue(key, out var was))
            {
                changes.Add(new(ChangeKind.Added, $"{kind} {key}", kind.ToLowerInvariant(), null, value));
                continue;
            }

            foreach (var member in members)
            {
                Nested(changes, $"{kind} {key}", member, was[member], value[member]);
            }
        }
    }

    /// <summary>
    /// Objects on both sides (a data schema, calculations) are compared member by member, so a field added to a schema
    /// is one row, "dataSchema/properties/referralCode", not the whole schema twice; arrays and values are compared whole.
    /// </summary>
    private static void Nested(List<Change> changes, string subject, string member, JsonNode? before, JsonNode? after)
    {
        if (before is JsonObject x && after is JsonObject y)
        {
            foreach (var name in x.Select(p => p.Key).Union(y.Select(p => p.Key)).ToList())
            {
                Nested(changes, subject, member + "/" + name, x[name], y[name]);
            }

            return;
        }

        Member(changes, subject, member, before?.DeepClone(), after?.DeepClone());
    }

    private static void Member(List<Change> changes, string subject, string member, JsonNode? before, JsonNode? after)
    {
        if (!JsonMeaning.Same(before, after))
        {
            changes.Add(new(before is null ? ChangeKind.Added : after is null ? ChangeKind.Removed : ChangeKind.Changed, subject, member, before, after));
        }
    }

    private static string? First(BlueprintDocument blueprint) => blueprint.Actions.Count > 0 ? blueprint.Actions[0].Id : null;

    private static JsonValue? Json(string? text) => text is null ? null : JsonValue.Create(text);

    private static JsonObject Node(Participant participant) =>
        (JsonObject)JsonSerializer.SerializeToNode(participant, SorchaJsonContext.Default.Participant)!;

    private static JsonObject Node(BlueprintAction action) =>
        (JsonObject)JsonSerializer.SerializeToNode(action, SorchaJsonContext.Default.BlueprintAction)!;
}
