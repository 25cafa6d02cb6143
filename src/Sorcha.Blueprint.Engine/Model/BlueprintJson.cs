using System.Text.Json;

namespace Sorcha.Blueprint.Engine.Model;

/// <summary>Serializer settings for blueprint documents: web defaults (camelCase names, case-insensitive reads).</summary>
public static class BlueprintJson
{
    public static JsonSerializerOptions Options { get; } = CreateOptions();

    public static Blueprint? Deserialize(string json) => JsonSerializer.Deserialize<Blueprint>(json, Options);

    public static string Serialize(Blueprint blueprint) => JsonSerializer.Serialize(blueprint, Options);

    private static JsonSerializerOptions CreateOptions()
    {
        var options = new JsonSerializerOptions(JsonSerializerDefaults.Web);
        options.MakeReadOnly(populateMissingResolver: true);
        return options;
    }
}
