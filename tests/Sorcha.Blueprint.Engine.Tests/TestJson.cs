using System.Text.Json.Nodes;

namespace Sorcha.Blueprint.Engine.Tests;

/// <summary>Parsing helpers so test cases can be written as JSON text.</summary>
internal static class TestJson
{
    public static JsonNode? Parse(string json) => JsonNode.Parse(json);

    public static JsonObject Object(string json) => JsonNode.Parse(json)!.AsObject();

    /// <summary>Compact JSON text for comparisons; "null" for JSON null.</summary>
    public static string Text(JsonNode? node) => node?.ToJsonString() ?? "null";
}
