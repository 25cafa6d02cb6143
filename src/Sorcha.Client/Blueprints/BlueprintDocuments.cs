using System.Text.Json;
using Sorcha.Contracts.Blueprints;

namespace Sorcha.Client;

/// <summary>Blueprint documents as text, with the client's JSON options (e.g. one of samples/blueprints/*.json).</summary>
public static class BlueprintDocuments
{
    public static BlueprintDocument FromJson(string json) =>
        JsonSerializer.Deserialize(json, SorchaJsonContext.Default.BlueprintDocument) ?? throw new JsonException("The document is null.");

    public static string ToJson(this BlueprintDocument blueprint) => JsonSerializer.Serialize(blueprint, SorchaJsonContext.Default.BlueprintDocument);
}
