using Sorcha.Contracts.Execution;

namespace Sorcha.Blueprint.Engine.Execution;

using Sorcha.Contracts.Blueprints;

/// <summary>
/// Publish-time checks. Returns every problem, each with a JSON Pointer into the blueprint document
/// (e.g. "/actions/1/routes/0/next"), so the 422 response can list them all; empty means publishable.
/// </summary>
public static class BlueprintValidator
{
    public static IReadOnlyList<ValidationError> Validate(BlueprintDocument blueprint)
    {
        var problems = new List<ValidationError>();
        var participants = blueprint.Participants ?? [];
        var actions = blueprint.Actions ?? [];
        var participantIds = CheckIds(participants.Select(p => p?.Id), "/participants", "participant", problems);
        var actionIds = CheckIds(actions.Select(a => a?.Id), "/actions", "action", problems);

        if (participants.Count < 2)
        {
            problems.Add(new("/participants", $"a blueprint needs at least 2 participants but has {participants.Count}"));
        }

        if (actions.Count == 0)
        {
            problems.Add(new("/actions", "a blueprint needs at least one action"));
        }

        for (var i = 0; i < actions.Count; i++)
        {
            if (actions[i] is { } action)
            {
                ActionValidator.Check(action, $"/actions/{i}", participantIds, actionIds, problems);
            }
        }

        CheckReachability(actions, problems);
        return problems;
    }

    /// <summary>Reports empty and duplicate ids; returns the set of distinct non-empty ids for reference checks.</summary>
    private static HashSet<string> CheckIds(IEnumerable<string?> ids, string pointer, string kind, List<ValidationError> problems)
    {
        var seen = new HashSet<string>(StringComparer.Ordinal);
        var index = 0;
        foreach (var id in ids)
        {
            var at = $"{pointer}/{index++}";
            if (string.IsNullOrWhiteSpace(id))
            {
                problems.Add(new(at + "/id", $"{kind} id is required"));
            }
            else if (!seen.Add(id))
            {
                problems.Add(new(at + "/id", $"duplicate {kind} id '{id}'"));
            }
        }

        return seen;
    }

    /// <summary>Breadth-first over route targets from the first action; cycles are allowed (e.g. "resubmit").</summary>
    private static void CheckReachability(IReadOnlyList<BlueprintAction?> actions, List<ValidationError> problems)
    {
        if (actions.Count == 0 || actions[0] is null)
        {
            return;
        }

        var byId = new Dictionary<string, BlueprintAction>(StringComparer.Ordinal);
        foreach (var action in actions)
        {
            if (action is not null && !string.IsNullOrEmpty(action.Id))
            {
                byId.TryAdd(action.Id, action);
            }
        }

        var reached = new HashSet<BlueprintAction>(ReferenceEqualityComparer.Instance) { actions[0]! };
        var queue = new Queue<BlueprintAction>([actions[0]!]);
        while (queue.TryDequeue(out var current))
        {
            // A rejection leads somewhere too: an action reached only by refusing another is reachable.
            foreach (var next in (current.Routes ?? []).Select(r => r?.Next).Append(current.Rejection?.Next))
            {
                if (next is not null && byId.TryGetValue(next, out var target) && reached.Add(target))
                {
                    queue.Enqueue(target);
                }
            }
        }

        for (var i = 1; i < actions.Count; i++)
        {
            if (actions[i] is { } action && !reached.Contains(action))
            {
                problems.Add(new($"/actions/{i}", $"action '{action.Id}' is unreachable from the first action '{actions[0]!.Id}'"));
            }
        }
    }
}
