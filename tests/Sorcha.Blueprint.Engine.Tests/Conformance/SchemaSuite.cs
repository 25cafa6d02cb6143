using System.Text.Json.Nodes;
using Sorcha.Blueprint.Engine.Schema;

namespace Sorcha.Blueprint.Engine.Tests.Conformance;

/// <summary>
/// The JSON Schema Test Suite's draft2020-12 cases (Conformance/README.md: read from outside the repository), loaded
/// once. A case is named "file › group › test" so that test output reads like the suite; its remotes are served from
/// a registry.
/// </summary>
internal static class SchemaSuite
{
    private static readonly string Root = ConformanceData.SchemaSuite;

    /// <summary>Null when the suite is present; otherwise the reason its tests are skipped.</summary>
    public static readonly Lazy<string?> Missing = new(() =>
        ConformanceData.Missing(Root, Path.Combine("tests", "draft2020-12")) ?? ConformanceData.Missing(Root, "remotes"));

    public static readonly Lazy<Dictionary<string, (JsonNode? Schema, JsonNode? Data, bool Valid)>> Cases = new(Load);

    /// <summary>http://localhost:1234/draft2020-12/… → remotes/draft2020-12/…, as the suite's README asks; nothing is fetched.</summary>
    public static SchemaRegistry Registry()
    {
        var registry = new SchemaRegistry();
        var remotes = Path.Combine(Root, "remotes");
        foreach (var file in Directory.EnumerateFiles(remotes, "*.json", SearchOption.AllDirectories))
        {
            var relative = Path.GetRelativePath(remotes, file).Replace('\\', '/');
            registry.Add("http://localhost:1234/" + relative, JsonNode.Parse(File.ReadAllText(file)));
        }

        return registry;
    }

    private static Dictionary<string, (JsonNode?, JsonNode?, bool)> Load()
    {
        var cases = new Dictionary<string, (JsonNode?, JsonNode?, bool)>(StringComparer.Ordinal);
        if (Missing.Value is not null)
        {
            return cases;
        }

        foreach (var file in Directory.EnumerateFiles(Path.Combine(Root, "tests", "draft2020-12"), "*.json").Order(StringComparer.Ordinal))
        {
            foreach (var group in JsonNode.Parse(File.ReadAllText(file))!.AsArray())
            {
                foreach (var test in group!["tests"]!.AsArray())
                {
                    var name = $"{Path.GetFileNameWithoutExtension(file)} › {group["description"]} › {test!["description"]}";
                    cases.Add(name, (group["schema"], test["data"], test["valid"]!.GetValue<bool>()));
                }
            }
        }

        // A folder that is there but holds no cases is a misplaced copy, not a pass.
        return cases.Count > 0 ? cases : throw new InvalidDataException($"{Root}/tests/draft2020-12 holds no test cases.");
    }
}
