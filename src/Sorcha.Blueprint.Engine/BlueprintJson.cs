using System.Text.Json;
using Sorcha.Contracts.Blueprints;

namespace Sorcha.Blueprint.Engine;

/// <summary>Serializer settings for blueprint documents: web defaults (camelCase names, case-insensitive reads).</summary>
public static class BlueprintJson
{
    public static JsonSerializerOptions Options { get; } = CreateOptions();

    public static BlueprintDocument? Deserialize(string json) => JsonSerializer.Deserialize<BlueprintDocument>(json, Options);

    public static string Serialize(BlueprintDocument blueprint) => JsonSerializer.Serialize(blueprint, Options);

    private static JsonSerializerOptions CreateOptions()
    {
        var options = new JsonSerializerOptions(JsonSerializerDefaults.Web);
        options.MakeReadOnly(populateMissingResolver: true);
        return options;
    }
}
