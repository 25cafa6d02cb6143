using System.Text.Json;
using System.Text.Json.Nodes;
using System.Text.RegularExpressions;
using Sorcha.ApiPlatform.Api;
using Sorcha.Contracts.Blueprints;

namespace Sorcha.Blueprint.Service.Blueprints;

/// <summary>
/// Shape checks on a submitted blueprint (400): required fields, lengths, counts, id characters. A draft may still be
/// semantically wrong (unknown references, bad schema); that is BlueprintValidator's job at publish (422).
/// Every error is keyed by a JSON Pointer into the submitted document, like the publish problems.
/// </summary>
public static partial class BlueprintShape
{
    public const int MaxTitleLength = 200;
    public const int MaxDescriptionLength = 4000;
    public const int MaxIdLength = 64;
    public const int MaxParticipants = 100;
    public const int MaxActions = 200;

    /// <summary>Largest blueprint document accepted (bytes of the request body); larger is 413.</summary>
    public const long MaxDocumentBytes = 512 * 1024;

    public static FieldErrors Check(BlueprintDocument? blueprint)
    {
        var errors = new FieldErrors();
        if (blueprint is null)
        {
            errors.Add("", "A blueprint document (a JSON object) is required.");
            return errors;
        }

        Text(errors, "/title", blueprint.Title, MaxTitleLength, required: true);
        Text(errors, "/description", blueprint.Description, MaxDescriptionLength, required: false);
        CheckParticipants(errors, blueprint.Participants);
        CheckActions(errors, blueprint.Actions);
        return errors;
    }

    /// <summary>Participant and action ids appear in URLs and transaction metadata: 1–64 URL-safe characters.</summary>
    public static bool IsValidId(string? id) => id is { Length: > 0 and <= MaxIdLength } && IdPattern().IsMatch(id);

    private static void CheckParticipants(FieldErrors errors, IReadOnlyList<Participant?>? participants)
    {
        if (participants is null)
        {
            errors.Add("/participants", "participants must be an array.");
            return;
        }

        if (participants.Count > MaxParticipants)
        {
            errors.Add("/participants", $"a blueprint has at most {MaxParticipants} participants.");
        }

        for (var i = 0; i < participants.Count; i++)
        {
            var at = $"/participants/{i}";
            if (participants[i] is not { } participant)
            {
                errors.Add(at, "a participant must be an object { id, name }.");
                continue;
            }

            Id(errors, at + "/id", participant.Id);
            Text(errors, at + "/name", participant.Name, MaxTitleLength, required: true);
        }
    }

    private static void CheckActions(FieldErrors errors, IReadOnlyList<BlueprintAction?>? actions)
    {
        if (actions is null)
        {
            errors.Add("/actions", "actions must be an array.");
            return;
        }

        if (actions.Count > MaxActions)
        {
            errors.Add("/actions", $"a blueprint has at most {MaxActions} actions.");
        }

        for (var i = 0; i < actions.Count; i++)
        {
            var at = $"/actions/{i}";
            if (actions[i] is not { } action)
            {
                errors.Add(at, "an action must be an object.");
                continue;
            }

            Id(errors, at + "/id", action.Id);
            Text(errors, at + "/title", action.Title, MaxTitleLength, required: true);
            Id(errors, at + "/sender", action.Sender);
            if (action.DataSchema is not (null or JsonObject) &&
                action.DataSchema.GetValueKind() is not (JsonValueKind.True or JsonValueKind.False))
            {
                errors.Add(at + "/dataSchema", "dataSchema must be a JSON Schema (an object or a boolean).");
            }

            if (JsonNesting.TooDeep(action.DataSchema))
            {
                errors.Add(at + "/dataSchema", "dataSchema " + JsonNesting.Message);
            }

            if (JsonNesting.TooDeep(action.Calculations))
            {
                errors.Add(at + "/calculations", "calculations " + JsonNesting.Message);
            }

            CheckRoutes(errors, at, action.Routes);
            CheckDisclosures(errors, at, action.Disclosures);
        }
    }

    private static void CheckRoutes(FieldErrors errors, string at, IReadOnlyList<Sorcha.Contracts.Blueprints.Route?>? routes)
    {
        for (var r = 0; r < (routes?.Count ?? 0); r++)
        {
            if (routes![r] is null)
            {
                errors.Add($"{at}/routes/{r}", "a route must be an object { condition?, next }.");
            }
            else if (JsonNesting.TooDeep(routes[r]!.Condition))
            {
                errors.Add($"{at}/routes/{r}/condition", "a condition " + JsonNesting.Message);
            }
        }
    }

    private static void CheckDisclosures(FieldErrors errors, string at, IReadOnlyList<Disclosure?>? disclosures)
    {
        for (var d = 0; d < (disclosures?.Count ?? 0); d++)
        {
            var where = $"{at}/disclosures/{d}";
            if (disclosures![d] is not { } disclosure)
            {
                errors.Add(where, "a disclosure must be an object { participant, pointers }.");
                continue;
            }

            Id(errors, where + "/participant", disclosure.Participant);
            if (disclosure.Pointers is null || disclosure.Pointers.Any(p => p is null))
            {
                errors.Add(where + "/pointers", "pointers must be an array of JSON Pointer strings.");
            }
        }
    }

    private static void Id(FieldErrors errors, string pointer, string? id)
    {
        if (string.IsNullOrEmpty(id))
        {
            errors.Add(pointer, "an id is required.");
        }
        else if (!IsValidId(id))
        {
            errors.Add(pointer, $"an id is 1–{MaxIdLength} characters of A–Z, a–z, 0–9, '.', '_', '-' or '~'.");
        }
    }

    private static void Text(FieldErrors errors, string pointer, string? value, int maxLength, bool required)
    {
        if (required && string.IsNullOrWhiteSpace(value))
        {
            errors.Add(pointer, "a non-empty string is required.");
        }
        else if (value is not null && value.Length > maxLength)
        {
            errors.Add(pointer, $"at most {maxLength} characters.");
        }
    }

    [GeneratedRegex("^[A-Za-z0-9._~-]+$", RegexOptions.CultureInvariant)]
    private static partial Regex IdPattern();
}
