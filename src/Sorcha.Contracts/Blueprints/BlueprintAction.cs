using System.Text.Json.Nodes;

namespace Sorcha.Contracts.Blueprints;

/// <summary>One step: who sends it, what data it carries, what it computes, where it goes next and who sees what.</summary>
public sealed record BlueprintAction
{
    public string Id { get; init; } = string.Empty;

    public string Title { get; init; } = string.Empty;

    /// <summary>The participant id allowed to submit this action.</summary>
    public string Sender { get; init; } = string.Empty;

    /// <summary>JSON Schema 2020-12 for the submitted data (an object or boolean schema).</summary>
    public JsonNode? DataSchema { get; init; }

    /// <summary>
    /// Field name → JSON Logic rule. A JsonObject rather than a dictionary because declaration order matters:
    /// calculations run in order and later ones see earlier results.
    /// </summary>
    public JsonObject? Calculations { get; init; }

    /// <summary>Evaluated in order; the first route whose condition is truthy (or that has none) wins.</summary>
    public IReadOnlyList<Route>? Routes { get; init; }

    public IReadOnlyList<Disclosure>? Disclosures { get; init; }

    /// <summary>Where a refusal of this action leads; absent: the action cannot be rejected.</summary>
    public Rejection? Rejection { get; init; }
}
