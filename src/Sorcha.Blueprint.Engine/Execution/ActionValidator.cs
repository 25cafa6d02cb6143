using Sorcha.Blueprint.Engine.Json;
using Sorcha.Blueprint.Engine.Logic;
using Sorcha.Blueprint.Engine.Schema;
using Sorcha.Contracts.Execution;

namespace Sorcha.Blueprint.Engine.Execution;

using Sorcha.Contracts.Blueprints;

/// <summary>The per-action part of publish validation: references, schema, logic and disclosure pointers.</summary>
internal static class ActionValidator
{
    /// <summary>The disclosure pointer meaning "all of the data".</summary>
    internal const string AllData = "/*";

    public static void Check(BlueprintAction action, string at, HashSet<string> participantIds, HashSet<string> actionIds, List<ValidationError> problems)
    {
        if (!participantIds.Contains(action.Sender ?? string.Empty))
        {
            problems.Add(new(at + "/sender", $"sender '{action.Sender}' is not a participant of this blueprint"));
        }

        if (action.DataSchema is null)
        {
            problems.Add(new(at + "/dataSchema", "dataSchema is required (use true to accept any data)"));
        }
        else
        {
            AddNested(problems, at + "/dataSchema", JsonSchema.ValidateSchema(action.DataSchema));
        }

        foreach (var (field, rule) in action.Calculations ?? new System.Text.Json.Nodes.JsonObject())
        {
            var fieldAt = JsonPointer.Append(at + "/calculations", field);
            if (string.IsNullOrWhiteSpace(field))
            {
                problems.Add(new(fieldAt, "a calculated field needs a name"));
            }

            AddNested(problems, fieldAt, JsonLogic.ValidateRule(rule));
        }

        CheckRoutes(action.Routes ?? [], at + "/routes", actionIds, problems);
        if (action.Rejection?.Next is { } rejectTo && !actionIds.Contains(rejectTo))
        {
            problems.Add(new(at + "/rejection/next", $"rejection target '{rejectTo}' is not an action of this blueprint"));
        }

        CheckDisclosures(action.Disclosures ?? [], at + "/disclosures", participantIds, problems);
    }

    internal static bool IsValidDisclosurePointer(string? pointer) =>
        pointer is not null && (pointer == AllData || JsonPointer.TryParse(pointer, out _));

    private static void CheckRoutes(IReadOnlyList<Route?> routes, string at, HashSet<string> actionIds, List<ValidationError> problems)
    {
        for (var j = 0; j < routes.Count; j++)
        {
            var routeAt = $"{at}/{j}";
            if (routes[j] is not { } route)
            {
                problems.Add(new(routeAt, "a route must be an object"));
                continue;
            }

            if (route.Condition is not null)
            {
                AddNested(problems, routeAt + "/condition", JsonLogic.ValidateRule(route.Condition));
            }

            if (route.Next is not null && !actionIds.Contains(route.Next))
            {
                problems.Add(new(routeAt + "/next", $"route target '{route.Next}' is not an action of this blueprint"));
            }
        }
    }

    private static void CheckDisclosures(IReadOnlyList<Disclosure?> disclosures, string at, HashSet<string> participantIds, List<ValidationError> problems)
    {
        for (var k = 0; k < disclosures.Count; k++)
        {
            var disclosureAt = $"{at}/{k}";
            if (disclosures[k] is not { } disclosure)
            {
                problems.Add(new(disclosureAt, "a disclosure must be an object"));
                continue;
            }

            if (!participantIds.Contains(disclosure.Participant ?? string.Empty))
            {
                problems.Add(new(disclosureAt + "/participant", $"'{disclosure.Participant}' is not a participant of this blueprint"));
            }

            var pointers = disclosure.Pointers ?? [];
            if (pointers.Count == 0)
            {
                problems.Add(new(disclosureAt + "/pointers", "a disclosure needs at least one JSON Pointer (\"/*\" for all data)"));
            }

            for (var p = 0; p < pointers.Count; p++)
            {
                if (!IsValidDisclosurePointer(pointers[p]))
                {
                    problems.Add(new($"{disclosureAt}/pointers/{p}", $"'{pointers[p]}' is not a JSON Pointer (RFC 6901: \"\" or \"/a/b\", '~' escaped as ~0 and ~1)"));
                }
            }
        }
    }

    // Problems from the schema and logic checkers point into that schema or rule; prefix them to point into the blueprint.
    private static void AddNested(List<ValidationError> problems, string prefix, IReadOnlyList<ValidationError> nested) =>
        problems.AddRange(nested.Select(p => p with { Pointer = prefix + p.Pointer }));
}
