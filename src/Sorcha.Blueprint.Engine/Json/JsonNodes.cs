using System.Text.Json.Nodes;

namespace Sorcha.Blueprint.Engine.Json;

/// <summary>Small JsonNode helpers shared by the schema and logic engines.</summary>
internal static class JsonNodes
{
    /// <summary>
    /// A private, fully materialised copy for compiled artefacts that many threads read at once: JsonObject and
    /// JsonArray parsed from text initialise lazily on first access, which is a write and so not safe to race.
    /// </summary>
    public static JsonNode? Freeze(JsonNode? node)
    {
        var copy = node?.DeepClone();
        Touch(copy);
        return copy;
    }

    private static void Touch(JsonNode? node)
    {
        switch (node)
        {
            case JsonObject obj:
                foreach (var (_, value) in obj)
                {
                    Touch(value);
                }

                break;
            case JsonArray array:
                foreach (var item in array)
                {
                    Touch(item);
                }

                break;
        }
    }
}
