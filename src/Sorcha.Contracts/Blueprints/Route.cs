using System.Text.Json.Nodes;

namespace Sorcha.Contracts.Blueprints;

/// <summary>A transition: when <see cref="Condition"/> (JSON Logic; absent = always) is truthy, go to <see cref="Next"/> (null = finish).</summary>
public sealed record Route
{
    public JsonNode? Condition { get; init; }

    public string? Next { get; init; }
}
