using System.Text.Json.Nodes;

namespace Sorcha.Blueprint.Engine.Tests.Conformance;

/// <summary>
/// The json-logic compat-tables suites (Conformance/README.md: read from outside the repository), loaded once, in the
/// order of suites/index.json. A case expects a result, or an error of a type ("NaN", "Invalid Arguments", or the value
/// a rule threw).
/// </summary>
internal static class LogicSuite
{
    private static readonly string Root = Path.Combine(ConformanceData.LogicSuite, "suites");

    /// <summary>Null when the suites are present; otherwise the reason their tests are skipped.</summary>
    public static readonly Lazy<string?> Missing = new(() => ConformanceData.Missing(ConformanceData.LogicSuite, "suites"));

    public static readonly Lazy<Dictionary<string, LogicSuiteCase>> Cases = new(Load);

    private static Dictionary<string, LogicSuiteCase> Load()
    {
        var cases = new Dictionary<string, LogicSuiteCase>(StringComparer.Ordinal);
        if (Missing.Value is not null)
        {
            return cases;
        }

        foreach (var file in JsonNode.Parse(File.ReadAllText(Path.Combine(Root, "index.json")))!.AsArray().Select(f => f!.GetValue<string>()))
        {
            foreach (var entry in JsonNode.Parse(File.ReadAllText(Path.Combine(Root, file)))!.AsArray().OfType<JsonObject>())
            {
                var name = $"{file} › {entry["description"]}";
                for (var n = 2; cases.ContainsKey(name); n++)
                {
                    name = $"{file} › {entry["description"]} ({n})";
                }

                cases.Add(name, new LogicSuiteCase(
                    file, entry["rule"], entry["data"], entry.ContainsKey("result"), entry["result"], entry["error"]?["type"]?.GetValue<string>()));
            }
        }

        // A folder that is there but holds no cases is a misplaced copy, not a pass.
        return cases.Count > 0 ? cases : throw new InvalidDataException($"{Root}/index.json names no test cases.");
    }
}

internal sealed record LogicSuiteCase(string File, JsonNode? Rule, JsonNode? Data, bool ExpectsValue, JsonNode? Result, string? ErrorType);
