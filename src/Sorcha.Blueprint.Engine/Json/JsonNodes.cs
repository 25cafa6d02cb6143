using System.Text.Json.Nodes;

namespace Sorcha.Blueprint.Engine.Json;

/// <summary>Small JsonNode helpers shared by the schema and logic engines and the Blueprint service.</summary>
public static class JsonNodes
{
    /// <summary>
    /// A private, fully materialised copy for compiled artefacts that many threads read at once: JsonObject and
    /// JsonArray parsed from text initialise lazily on first access, which is a write and so not safe to race.
    /// </summary>
    public static JsonNode? Freeze(JsonNode? node)
    {
        var copy = node?.DeepClone();
        Materialise(copy);
        return copy;
    }

    /// <summary>Initialises every lazily parsed child of <paramref name="node"/> now, so that threads may then read it at once.</summary>
    public static void Materialise(JsonNode? node)
    {
        switch (node)
        {
            case JsonObject obj:
                foreach (var (_, value) in obj)
                {
                    Materialise(value);
                }

                break;
            case JsonArray array:
                foreach (var item in array)
                {
                    Materialise(item);
                }

                break;
        }
    }
}
