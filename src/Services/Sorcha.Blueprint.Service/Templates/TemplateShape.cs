using System.Text.Json;
using System.Text.Json.Nodes;
using Sorcha.ApiPlatform.Api;
using Sorcha.Blueprint.Engine;
using Sorcha.Blueprint.Engine.Schema;
using Sorcha.Blueprint.Service.Blueprints;
using Sorcha.Contracts.Execution;
using Sorcha.Contracts.Templates;

namespace Sorcha.Blueprint.Service.Templates;

/// <summary>
/// The checks of POST /api/templates: the body's shape (400, like a blueprint's: lengths, nesting), then whether
/// <c>parameters</c> is a valid JSON Schema (422, every problem by its pointer into the body).
/// </summary>
public static class TemplateShape
{
    public static FieldErrors Check(CreateTemplateRequest request)
    {
        var errors = new FieldErrors();
        errors.Required("title", request.Title, BlueprintShape.MaxTitleLength);
        if (request.Description is { Length: > BlueprintShape.MaxDescriptionLength })
        {
            errors.Add("description", $"description has at most {BlueprintShape.MaxDescriptionLength} characters.");
        }

        if (request.Parameters is null)
        {
            errors.Add("parameters", "parameters (a JSON Schema for what instantiate takes) is required.");
        }
        else if (request.Parameters is not JsonObject && request.Parameters.GetValueKind() is not (JsonValueKind.True or JsonValueKind.False))
        {
            errors.Add("parameters", "parameters must be a JSON Schema (an object or a boolean).");
        }
        else if (JsonNesting.TooDeep(request.Parameters))
        {
            errors.Add("parameters", "parameters " + JsonNesting.Message);
        }

        if (request.Template is not JsonObject)
        {
            errors.Add("template", "template (a blueprint with JSON-e expressions, a JSON object) is required.");
        }
        else if (JsonNesting.TooDeep(request.Template))
        {
            errors.Add("template", "template " + JsonNesting.Message);
        }

        return errors;
    }

    /// <summary>Why <paramref name="parameters"/> is not a JSON Schema the engine can use, each problem under /parameters.</summary>
    public static IReadOnlyList<ValidationError> SchemaProblems(JsonNode parameters) =>
        [.. JsonSchema.ValidateSchema(parameters).Select(p => p with { Pointer = "/parameters" + p.Pointer })];
}
