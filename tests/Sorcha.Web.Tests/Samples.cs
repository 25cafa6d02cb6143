using System.Text.Json.Nodes;

namespace Sorcha.Web.Tests;

/// <summary>The sample blueprints (samples/blueprints, copied beside the tests).</summary>
internal static class Samples
{
    public static IEnumerable<string> Names =>
        Directory.GetFiles(Path.Combine(AppContext.BaseDirectory, "samples"), "*.json").Select(Path.GetFileNameWithoutExtension).OfType<string>();

    public static JsonObject Blueprint(string name) =>
        JsonNode.Parse(File.ReadAllText(Path.Combine(AppContext.BaseDirectory, "samples", name + ".json")))!.AsObject();

    public static JsonNode Action(string blueprint, string action) =>
        Blueprint(blueprint)["actions"]!.AsArray().Single(a => a!["id"]!.GetValue<string>() == action)!["dataSchema"]!.DeepClone();
}
