using System.Text.Json.Nodes;
using Sorcha.Contracts.Execution;

namespace Sorcha.Blueprint.Engine.Execution;

/// <summary>
/// The whole validate → calculate → route → disclose pipeline for one submission. When validation fails only
/// <see cref="Validation"/> is filled; the service answers 422 with its errors.
/// </summary>
public sealed record ActionResult(
    DataValidationResult Validation,
    JsonObject? Data,
    RouteResult? Route,
    IReadOnlyDictionary<string, JsonObject>? Disclosures)
{
    public bool Valid => Validation.Valid;
}
