using System.Text.Json;
using Sorcha.Blueprint.Engine.Execution;
using Sorcha.Client;
using Sorcha.Contracts.Execution;

namespace Sorcha.Web.Designer;

/// <summary>
/// The problems a draft has, in the server's words: the publish checks are the engine's own
/// <see cref="BlueprintValidator"/> (what POST /publish runs before its 422), run in process like the step form's
/// validation. Before them, what would keep the document from reaching the API whole: a member of the wrong type, or
/// one the contract does not know (the API refuses those, and the record would lose them).
/// </summary>
public static class DraftChecks
{
    public static IReadOnlyList<ValidationError> Run(BlueprintDraft draft)
    {
        Sorcha.Contracts.Blueprints.BlueprintDocument document;
        try
        {
            document = draft.ToDocument();
        }
        catch (JsonException e)
        {
            return [new(PathToPointer(e.Path), "this member has the wrong type: " + e.Message)];
        }

        var problems = new List<ValidationError>();
        var kept = JsonSerializer.SerializeToNode(document, SorchaJsonContext.Default.BlueprintDocument);
        if (JsonMeaning.FirstLoss(draft.Root, kept) is { } lost)
        {
            problems.Add(new(lost, "this member is not part of a blueprint document; the API would refuse it"));
        }

        problems.AddRange(BlueprintValidator.Validate(document));
        return problems;
    }

    /// <summary>System.Text.Json's "$.actions[1].title" as the pointer "/actions/1/title" (good enough to find the field).</summary>
    internal static string PathToPointer(string? path) =>
        (path ?? "$").TrimStart('$').Replace("[", "/", StringComparison.Ordinal).Replace("]", "", StringComparison.Ordinal)
            .Replace(".", "/", StringComparison.Ordinal).Replace("'", "", StringComparison.Ordinal);
}
